import { NavLink } from "react-router";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";

/** The desk's two pages. */
export function DeskNav({ current }: { current: "queue" | "log" }) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const linkClass = (active: boolean) =>
    `inline-flex h-10 items-center rounded-full px-4 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
      active ? "bg-primary-dark text-white" : "bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100"
    }`;
  return (
    <nav aria-label={t("admin.title")} className="flex flex-wrap gap-2">
      <NavLink
        to={to("/admin")}
        end
        aria-current={current === "queue" ? "page" : undefined}
        className={linkClass(current === "queue")}
      >
        {t("admin.queue")}
      </NavLink>
      <NavLink
        to={to("/admin/log")}
        aria-current={current === "log" ? "page" : undefined}
        className={linkClass(current === "log")}
      >
        {t("admin.log")}
      </NavLink>
    </nav>
  );
}
