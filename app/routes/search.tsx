import { Link } from "react-router";
import { LIST_PAGE_SIZE } from "#common/constants.ts";
import { isAppError, messageKeyOf } from "#common/errors.ts";
import { SEARCH_QUERY_MAX_LENGTH, SEARCH_RESULT_CAP, type SubjectTag } from "#common/search.ts";
import type { StickerListItem } from "#common/stickers.ts";
import { pageContext } from "../context.server.ts";
import { searchStickers, suggestedTags } from "../features/search/search.server.ts";
import { pageMeta } from "../features/seo/page-meta.ts";
import { Pagination } from "../features/stickers/pagination.tsx";
import { StickerGrid } from "../features/stickers/sticker-card.tsx";
import { useTranslation } from "../i18n/i18n.tsx";
import { languageOfPath } from "../i18n/language-of-path.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import type { Route } from "./+types/search";

/**
 * /search?q=…&page=… and /{lang}/search (decision 0030): public stickers matching the query in
 * any language, with the tags it named. Without a query, or with a refused one, the page shows the box,
 * the reason and a few subjects to try. Never indexed: results pages are endless and thin.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get("q") ?? "";
  const pageParam = url.searchParams.get("page");
  const page = pageParam === null ? 1 : Number(pageParam);
  const maxPage = Math.ceil(SEARCH_RESULT_CAP / LIST_PAGE_SIZE);
  if (!Number.isInteger(page) || page < 1 || page > maxPage) throw new Response("Not Found", { status: 404 });
  const { app } = context.get(pageContext);
  const language = languageOfPath(url.pathname);
  const empty = { q, page, list: [] as StickerListItem[], total: 0, tags: [] as SubjectTag[], errorKey: null as string | null };
  let result = empty;
  if (q.trim()) {
    try {
      result = { ...empty, ...(await searchStickers(app.database.db, { q, page, size: LIST_PAGE_SIZE, language })) };
    } catch (error) {
      if (!isAppError(error, "SEARCH_QUERY_EMPTY", "SEARCH_QUERY_TOO_LONG")) throw error;
      result = { ...empty, errorKey: messageKeyOf(error.code) };
    }
  }
  const suggestions = result.list.length === 0 ? await suggestedTags(app.database.db, language) : [];
  return { ...result, suggestions };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    location,
    title: "search.title",
    description: "search.description",
    translate: true,
    noindex: true,
  });
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const { q, page, list, total, tags, errorKey, suggestions } = loaderData;
  const pageCount = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  const query = q.trim();
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-4 font-bold text-3xl">{query && !errorKey ? t("search.resultsFor", { q: query }) : t("search.title")}</h1>
      {tags.length > 0 ? <TagLinks tags={tags} label={t("search.tags")} /> : null}
      {errorKey ? (
        <p role="alert" className="mb-6 text-base text-red-700">
          {t(errorKey, { max: SEARCH_QUERY_MAX_LENGTH })}
        </p>
      ) : null}
      {list.length > 0 ? (
        <>
          <p className="mb-4 text-sm text-stone-500">
            {total >= SEARCH_RESULT_CAP ? t("search.countMany", { max: total }) : t("list.count", { count: total })}
          </p>
          <StickerGrid stickers={list} label={t("search.results")} />
          <Pagination
            current={page}
            count={pageCount}
            hrefOf={(p) => `${to("/search")}?${new URLSearchParams(p === 1 ? { q } : { q, page: String(p) })}`}
          />
        </>
      ) : (
        <section className="rounded-2xl bg-white p-10 text-center ring-1 ring-stone-200">
          <p className="mb-4 text-lg text-stone-700">
            {query && !errorKey ? (page > 1 ? t("list.pastEnd") : t("search.noResults", { q: query })) : t("search.prompt")}
          </p>
          {suggestions.length > 0 ? <TagLinks tags={suggestions} label={t("search.suggestions")} centered /> : null}
          <Link to={to("/stickers/popular")} className="font-medium text-primary-dark underline">
            {t("search.browsePopular")}
          </Link>
        </section>
      )}
    </main>
  );
}

function TagLinks({ tags, label, centered = false }: { tags: SubjectTag[]; label: string; centered?: boolean }) {
  const { to } = useLocalized();
  return (
    <nav aria-label={label} className="mb-6">
      <p className="mb-2 text-sm text-stone-500">{label}</p>
      <ul className={`flex flex-wrap gap-2 ${centered ? "justify-center" : ""}`}>
        {tags.map((tag) => (
          <li key={tag.slug}>
            <Link
              to={to(`/tag/${tag.slug}`)}
              className="inline-flex h-10 items-center rounded-full bg-white px-4 text-base text-stone-700 ring-1 ring-stone-200 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              #{tag.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
