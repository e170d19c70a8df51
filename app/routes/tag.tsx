import { LIST_PAGE_SIZE } from "#common/constants.ts";
import { pageContext } from "../context.server.ts";
import { findSubjectTag } from "../features/search/search.server.ts";
import { pageMeta } from "../features/seo/page-meta.ts";
import { Pagination } from "../features/stickers/pagination.tsx";
import { StickerGrid, stickerCards } from "../features/stickers/sticker-card.tsx";
import { listPublicStickers } from "../features/stickers/stickers.server.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { languageOfPath } from "../i18n/language-of-path.ts";
import { rootCatalog } from "../i18n/meta.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import type { Route } from "./+types/tag";

/**
 * /tag/{tag}/{page?} and /{lang}/tag/… (decision 0030): a subject's public stickers, most
 * popular first, through the same indexed list, anchors and cache as the gallery (decision 0022). The
 * title names the subject in the page's language; an unknown tag is a 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = params.page === undefined ? 1 : Number(params.page);
  if (!Number.isInteger(page) || page < 1 || page > 100_000) throw new Response("Not Found", { status: 404 });
  const { app } = context.get(pageContext);
  const language = languageOfPath(new URL(request.url).pathname);
  const tag = await findSubjectTag(app.database.db, params.tag, language);
  if (!tag) throw new Response("Not Found", { status: 404 });
  const result = await listPublicStickers(
    app.database.db,
    { tagId: tag.id, sortBy: "popular", page, size: LIST_PAGE_SIZE },
    app.config.PUBLIC_LIST_CACHE_SECONDS,
  );
  return { tag: { slug: tag.slug, name: tag.name }, page, list: stickerCards(result.list), total: result.total };
}

/** A title starts with a capital where the script has them ("cat stickers" → "Cat stickers", "katze-Sticker" → "Katze-Sticker"). */
function capitalized(text: string, language: string): string {
  const first = text.charAt(0);
  return first.toLocaleUpperCase(language) + text.slice(1);
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { tag, total, page } = loaderData;
  const root = matches.find((match) => match?.id === "root")?.loaderData as { language?: string } | undefined;
  const tagTexts = (rootCatalog(matches)?.tag ?? {}) as Record<string, string>;
  const language = root?.language ?? "en";
  const fill = (text: string | undefined, fallback: string) => (text ?? fallback).replaceAll("{{name}}", tag.name);
  return pageMeta({
    matches,
    location,
    title: capitalized(fill(tagTexts.title, "{{name}} stickers"), language),
    description: fill(tagTexts.description, "{{name}} stickers"),
    // An empty page, or one past the end, is not worth indexing; page 1 is the canonical one of the tag.
    noindex: total === 0 || page > Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)),
  });
}

export default function Tag({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to, language } = useLocalized();
  const { tag, page, list, total } = loaderData;
  const title = capitalized(t("tag.title", { name: tag.name }), language);
  const pageCount = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-4 font-bold text-3xl">{title}</h1>
      {list.length > 0 ? (
        <>
          <p className="mb-4 text-sm text-stone-500">{t("list.count", { count: total })}</p>
          <StickerGrid stickers={list} label={title} />
          <Pagination
            current={page}
            count={pageCount}
            hrefOf={(p) => to(p === 1 ? `/tag/${tag.slug}` : `/tag/${tag.slug}/${p}`)}
          />
        </>
      ) : (
        <section className="rounded-2xl bg-white p-10 text-center ring-1 ring-stone-200">
          <p className="text-lg text-stone-700">{page > 1 ? t("list.pastEnd") : t("tag.empty")}</p>
        </section>
      )}
    </main>
  );
}
