import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";

/**
 * The header's search box (decision 0030): a plain GET form to /search, so it works before (and
 * without) the page's JavaScript and adds about 0.2 kB to every page's first load (the first-load
 * budget of docs/ARCHITECTURE.md, "First-load budget"). Length and emptiness are checked by the server,
 * whose translated message the search page shows.
 */
export function SearchForm({ className }: { className: string }) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  return (
    <search className={`min-w-0 ${className}`}>
      <form action={to("/search")} className="flex">
        <input
          type="search"
          name="q"
          placeholder={t("search.placeholder")}
          aria-label={t("search.label")}
          className="h-10 w-full min-w-0 rounded-s-full border border-stone-300 px-4"
        />
        <button type="submit" aria-label={t("search.submit")} className="h-10 rounded-e-full bg-primary-dark px-4">
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="#fff" strokeWidth="2">
            <path d="M11 4a7 7 0 1 0 0 14a7 7 0 1 0 0-14m9 16-4-4" />
          </svg>
        </button>
      </form>
    </search>
  );
}
