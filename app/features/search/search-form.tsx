import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import { SEARCH_QUERY_MAX_LENGTH } from "#common/search.ts";

/**
 * The search box (decision 0030): a plain GET form to /search, so it works before (and without) the
 * page's JavaScript and adds next to nothing to the header's first load.
 */
export function SearchForm({ defaultValue = "", className = "" }: { defaultValue?: string; className?: string }) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  return (
    <search className={`flex min-w-0 ${className}`}>
      <form method="get" action={to("/search")} className="flex min-w-0 flex-1 items-center">
        <input
          type="search"
          name="q"
          required
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          defaultValue={defaultValue}
          placeholder={t("search.placeholder")}
          aria-label={t("search.label")}
          enterKeyHint="search"
          className="h-10 w-full min-w-0 rounded-s-full border border-stone-300 bg-white px-4 text-base text-stone-900 placeholder:text-stone-500 focus-visible:border-primary-dark focus-visible:outline-2 focus-visible:outline-primary"
        />
        <button
          type="submit"
          aria-label={t("search.submit")}
          className="h-10 shrink-0 rounded-e-full bg-primary-dark px-4 text-white hover:bg-primary-darker focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2.2">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-4-4" strokeLinecap="round" />
          </svg>
        </button>
      </form>
    </search>
  );
}
