import { redirect } from "react-router";
import { isAppError } from "#common/errors.ts";
import { isLanguage } from "#common/languages.ts";
import { packSlug } from "#common/packs.ts";
import { pageContext } from "../context.server.ts";
import { userOfRequest } from "../features/auth/session.server.ts";
import { PACK_ID_PATTERN, packPath } from "../features/packs/pack-path.ts";
import { PackView } from "../features/packs/pack-view.tsx";
import { altTextsByInstId, getPack } from "../features/packs/packs.server.ts";
import { pageMeta } from "../features/seo/page-meta.ts";
import { shareCardPath } from "../features/seo/share-cards.server.ts";
import { createTranslator } from "../i18n/i18n.tsx";
import { basePathOf, languageOfPath } from "../i18n/language-of-path.ts";
import { rootCatalog } from "../i18n/meta.ts";
import type { Route } from "./+types/pack";

/**
 * /pack/{packId}/{slug?} (decision 0024): a pack's stickers in order with their emoji, and the owner's
 * editor. A private pack opens only for its owner: anyone else, like an unknown id, gets the 404 page
 * (nobody learns it exists). A slug that is not the name's goes to the canonical one. Its social picture
 * is its share card (decision 0050) when everyone may see it, the site's default card otherwise.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { app, requestId } = context.get(pageContext);
  const url = new URL(request.url);
  const language = languageOfPath(url.pathname);
  // Not a pack id (e.g. a NUL byte, which PostgreSQL refuses to compare): the 404 page, not a failure.
  if (!PACK_ID_PATTERN.test(params.packId)) throw new Response("Not Found", { status: 404 });
  let pack: Awaited<ReturnType<typeof getPack>>;
  try {
    const viewer = await userOfRequest(app, request, { touch: false });
    pack = await getPack(app.database.db, { packId: params.packId, viewerId: viewer?.id ?? null });
  } catch (error) {
    if (isAppError(error, "PACK_NOT_FOUND")) throw new Response("Not Found", { status: 404 });
    app.log.error({ err: error, reqId: requestId, packId: params.packId }, "pack page failed");
    throw redirect(`${basePathOf(language)}/error/500?requestId=${encodeURIComponent(requestId)}`);
  }
  if ((params.slug ?? "") !== packSlug(pack.name)) throw redirect(`${basePathOf(language)}${packPath(pack)}${url.search}`);
  // Its pictures' alt texts in the page's language (decision 0042), for the stickers it shows this viewer.
  const [altTexts, cardUrl] = await Promise.all([
    altTextsByInstId(
      app.database.db,
      pack.stickers.map((sticker) => sticker.stickerInstId),
      language,
    ),
    // Its share card, when everyone may see the pack (decision 0050).
    pack.visibility === "public" ? shareCardPath(app, "pack", pack.packId) : null,
  ]);
  return { pack, altTexts, cardUrl };
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const pack = loaderData?.pack;
  if (!pack) return [];
  const root = matches.find((match) => match?.id === "root")?.loaderData as { language?: string } | undefined;
  const { t } = createTranslator(root?.language && isLanguage(root.language) ? root.language : "en", rootCatalog(matches) ?? {});
  return pageMeta({
    matches,
    location,
    title: `${pack.name} — ${t("packs.titleSuffix")}`,
    description: `${t("packs.description", { name: pack.name })} ${t("packs.by", { name: pack.owner.name })} · ${t("packs.count", { count: pack.stickerCount })}${pack.credit ? ` ${t("firstStart.photoCredit", { author: pack.credit.author })}` : ""}`,
    image: loaderData.cardUrl,
    imageAlt: pack.name,
    canonicalPath: packPath(pack),
    // A pack with nothing a visitor may see, or a private one, is kept out of search.
    noindex: pack.visibility === "private" || pack.stickerCount === 0,
  });
}

export default function PackPage({ loaderData }: Route.ComponentProps) {
  return <PackView key={loaderData.pack.packId} initial={loaderData.pack} altTexts={loaderData.altTexts} />;
}
