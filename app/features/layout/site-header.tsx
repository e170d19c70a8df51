import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import { PagePart } from "#app/lib/page-parts.tsx";
import { requestSignIn } from "../auth/sign-in-request.ts";
import { useUser } from "../auth/use-user.ts";
import { SearchForm } from "../search/search-form.tsx";

export function SiteHeader() {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const user = useUser();
  return (
    <header className="sticky top-0 z-20 border-stone-200 border-b bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to={to("/")} className="flex items-center gap-2 font-bold text-lg text-primary-dark">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{t("app.name")}</span>
        </Link>
        <SearchForm className="hidden max-w-xs flex-1 md:block" />
        <nav aria-label={t("nav.main")} className="flex items-center gap-1 md:gap-3">
          <Link
            to={to("/stickers/explore")}
            className="hidden rounded-lg px-3 py-2 text-stone-700 hover:bg-stone-100 md:inline-block"
          >
            {t("nav.gallery")}
          </Link>
          <Link to={to("/packs")} className="hidden rounded-lg px-3 py-2 text-stone-700 hover:bg-stone-100 md:inline-block">
            {t("packs.tab.packs")}
          </Link>
          {/* A visitor's page does not carry the signed-in menu (decision 0056). */}
          {user ? (
            <PagePart name="user-menu" fallback={<span className="size-10 rounded-full bg-primary-dark" aria-hidden="true" />}>
              {(part) => <part.UserMenu user={user} />}
            </PagePart>
          ) : (
            <Button onClick={() => requestSignIn("header")}>{t("app.signIn")}</Button>
          )}
        </nav>
      </div>
      {/* On a phone the box takes its own row under the bar (decision 0030). */}
      <div className="mx-auto px-4 pb-3 md:hidden">
        <SearchForm className="" />
      </div>
    </header>
  );
}
