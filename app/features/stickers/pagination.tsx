import { Link } from "react-router";
import { useTranslation } from "#app/i18n/i18n.tsx";

/** Page numbers around the current page, with first and last, and gaps as null. */
function pageWindow(current: number, count: number): (number | null)[] {
  const pages = new Set([1, count, current - 1, current, current + 1].filter((p) => p >= 1 && p <= count));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const page of sorted) {
    const last = out.at(-1);
    if (typeof last === "number" && page - last > 1) out.push(null);
    out.push(page);
  }
  return out;
}

const itemClass =
  "inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-base focus-visible:outline-2 focus-visible:outline-primary";

/** Pagination (spec §9: control height 40, font size 16). */
export function Pagination({ current, count, hrefOf }: { current: number; count: number; hrefOf: (page: number) => string }) {
  const { t } = useTranslation();
  if (count <= 1) return null;
  return (
    <nav aria-label={t("list.pagination")} className="mt-8 flex flex-wrap items-center justify-center gap-1">
      {current > 1 ? (
        <Link to={hrefOf(current - 1)} className={`${itemClass} text-stone-700 hover:bg-stone-100`} rel="prev">
          <span aria-hidden="true" className="rtl:rotate-180">
            ‹
          </span>
          <span className="sr-only md:not-sr-only md:ms-1">{t("list.previous")}</span>
        </Link>
      ) : null}
      {pageWindow(current, count).map((page, i, all) =>
        page === null ? (
          // A gap is identified by the page before it.
          <span key={`gap-after-${all[i - 1]}`} className={`${itemClass} text-stone-400`} aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={page}
            to={hrefOf(page)}
            aria-current={page === current ? "page" : undefined}
            aria-label={t("list.page", { page })}
            className={`${itemClass} ${page === current ? "bg-primary-dark font-semibold text-white" : "text-stone-700 hover:bg-stone-100"}`}
          >
            {page}
          </Link>
        ),
      )}
      {current < count ? (
        <Link to={hrefOf(current + 1)} className={`${itemClass} text-stone-700 hover:bg-stone-100`} rel="next">
          <span className="sr-only md:not-sr-only md:me-1">{t("list.next")}</span>
          <span aria-hidden="true" className="rtl:rotate-180">
            ›
          </span>
        </Link>
      ) : null}
    </nav>
  );
}
