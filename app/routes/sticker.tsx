import { Link, redirect } from "react-router";
import { isAppError } from "#common/errors.ts";
import { pageContext } from "../context.server.ts";
import { userOfRequest } from "../features/auth/session.server.ts";
import { MovingImage } from "../features/motion/moving-image.tsx";
import { subjectTagsOfStickerInst } from "../features/search/search.server.ts";
import { pageMeta } from "../features/seo/page-meta.ts";
import { shareCardPath } from "../features/seo/share-cards.server.ts";
import { StickerLabelRows } from "../features/stickers/labels/sticker-labels.tsx";
import { RemixOf } from "../features/stickers/remix-of.tsx";
import { StickerActions } from "../features/stickers/sticker-actions.tsx";
import { StickerGrid } from "../features/stickers/sticker-card.tsx";
import { stickerPath } from "../features/stickers/sticker-paths.ts";
import { favoritedAmong, getSticker, recommendStickers } from "../features/stickers/stickers.server.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { basePathOf, languageOfPath } from "../i18n/language-of-path.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { PagePart } from "../lib/page-parts.tsx";
import type { Route } from "./+types/sticker";

/**
 * /sticker/{instId}/{name?} (spec §2, §8): a sticker this viewer may not see — someone else's private
 * or hidden one, or an id that does not exist, alike, so the page says nothing about whether it exists
 * (decision 0033) — goes to /notAvailable (a 404); else /error/500 with the failed request's id. The
 * owner also sees a private sticker, and staff one that was reported or hidden (decision 0035); a
 * signed-in viewer gets their heart's state. Its emoji and keywords show, its alt text is its picture's
 * `alt`, and its owner edits them (decision 0042).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { app, requestId } = context.get(pageContext);
  const language = languageOfPath(new URL(request.url).pathname);
  const base = basePathOf(language);
  try {
    const viewer = await userOfRequest(app, request, { touch: false });
    const sticker = await getSticker(app.database.db, { stickerInstId: params.instId, viewerId: viewer?.id ?? null, language });
    const [recommendations, favorited, subjectTags, cardUrl] = await Promise.all([
      recommendStickers(app.database.db, { stickerInstId: sticker.stickerInstId, viewerId: viewer?.id ?? null }).catch(() => []),
      viewer ? favoritedAmong(app.database.db, { userId: viewer.id, stickerInstIds: [sticker.stickerInstId] }) : [],
      // Its subjects link to their tag pages (decision 0030).
      subjectTagsOfStickerInst(app.database.db, sticker.stickerInstId, language),
      // Its share card, when everyone may see it (decision 0050).
      shareCardPath(app, "sticker", sticker.stickerInstId),
    ]);
    return { sticker, recommendations, favorited: favorited.length > 0, subjectTags, cardUrl };
  } catch (error) {
    if (isAppError(error, "NOT_FOUND")) throw redirect(`${base}/notAvailable`);
    // The failure stays in the log under this request's id; the page shows only the id (decision 0013).
    app.log.error({ err: error, reqId: requestId, instId: params.instId }, "sticker page failed");
    throw redirect(`${base}/error/500?requestId=${encodeURIComponent(requestId)}`);
  }
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const sticker = loaderData?.sticker;
  if (!sticker) return [];
  return pageMeta({
    matches,
    location,
    title: `${sticker.name} — Sticker Studio`,
    description: sticker.style ? `${sticker.prompt} · ${sticker.style.name}` : sticker.prompt,
    image: loaderData.cardUrl,
    imageAlt: sticker.labels.altText,
    canonicalPath: stickerPath(sticker),
  });
}

export default function StickerDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const { sticker, recommendations, favorited, subjectTags } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <div className="grid items-start gap-8 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="rounded-3xl bg-[#F0EFEB] p-4 md:p-8">
          <MovingImage
            moving={sticker.motion?.imageUrl ?? null}
            src={sticker.imageUrl}
            alt={sticker.labels.altText}
            width={512}
            height={512}
            fetchPriority="high"
            className="mx-auto aspect-square w-full max-w-[512px]"
          />
        </div>
        {/* min-w-0: a name or prompt of one long word wraps instead of widening the column past a phone's screen. */}
        <div className="min-w-0 space-y-5">
          <h1 className="break-words font-bold text-3xl">{sticker.name}</h1>
          {sticker.remixedFrom ? <RemixOf source={sticker.remixedFrom} /> : null}
          {sticker.hidden ? (
            <p role="note" className="rounded-xl bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
              {t("report.hiddenNotice")}
            </p>
          ) : null}
          {sticker.staffView ? (
            <p role="note" className="rounded-xl bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
              {t("report.staffNotice")}{" "}
              <Link to={to("/admin")} className="font-medium underline underline-offset-2">
                {t("admin.title")}
              </Link>
            </p>
          ) : null}
          <dl className="space-y-4">
            <div>
              <dt className="font-medium text-sm text-stone-500">{t("sticker.prompt")}</dt>
              <dd className="mt-1 break-words text-lg">{sticker.prompt}</dd>
            </div>
            {sticker.style ? (
              <div>
                <dt className="font-medium text-sm text-stone-500">{t("sticker.style")}</dt>
                <dd className="mt-1">
                  <span className="inline-flex rounded-full bg-primary-light px-3 py-1 text-primary-ink">
                    {sticker.style.name}
                  </span>
                </dd>
              </div>
            ) : null}
            <div>
              <dt className="font-medium text-sm text-stone-500">{t("sticker.tags")}</dt>
              <dd className="mt-1 flex flex-wrap gap-2">
                {sticker.tags.map((tag) => (
                  <Link
                    key={tag.id}
                    to={to(tag.id === 2 ? "/stickers/explore" : "/stickers/latest")}
                    className="rounded-full bg-white px-3 py-1 text-sm ring-1 ring-stone-200 hover:bg-stone-100"
                  >
                    {t(`sticker.tag.${tag.id === 2 ? "explore" : "community"}`)}
                  </Link>
                ))}
                {subjectTags.map((tag) => (
                  <Link
                    key={tag.slug}
                    to={to(`/tag/${tag.slug}`)}
                    className="rounded-full bg-white px-3 py-1 text-sm ring-1 ring-stone-200 hover:bg-stone-100"
                  >
                    #{tag.name}
                  </Link>
                ))}
              </dd>
            </div>
            <StickerLabelRows sticker={sticker} />
          </dl>
          {sticker.mine ? <PagePart name="sticker-owner">{(owner) => <owner.OwnerTools sticker={sticker} />}</PagePart> : null}
          {/* Staff judge a sticker others cannot see on the desk; its public actions would be refused. */}
          {sticker.staffView ? null : <StickerActions sticker={sticker} favorited={favorited} />}
          {sticker.mine ? (
            <PagePart name="sticker-owner">
              {(owner) => (
                <owner.VisibilitySwitch
                  key={sticker.stickerInstId}
                  stickerInstId={sticker.stickerInstId}
                  initial={sticker.visibility}
                />
              )}
            </PagePart>
          ) : null}
        </div>
      </div>
      {recommendations.length > 0 ? (
        <section className="mt-12" aria-labelledby="more-stickers">
          <h2 id="more-stickers" className="mb-4 font-semibold text-2xl">
            {t("sticker.more")}
          </h2>
          <StickerGrid stickers={recommendations} eagerCount={0} label={t("sticker.more")} />
        </section>
      ) : null}
    </main>
  );
}
