import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isLanguage } from "#common/languages.ts";
import { basePathOf } from "../../i18n/language-of-path.ts";

/** Header, main and footer around every page (the full header and footer come with public browsing). */
export function SiteShell({ children }: { children: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const home = basePathOf(isLanguage(i18n.language) ? i18n.language : "en") || "/";
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:rounded focus:bg-white focus:p-2"
      >
        {t("app.skipToContent")}
      </a>
      <header className="sticky top-0 z-10 border-stone-200 border-b bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <Link to={home} className="flex items-center gap-2 font-bold text-lg text-primary-dark">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            {t("app.name")}
          </Link>
        </div>
      </header>
      <div className="flex-1">{children}</div>
      <footer className="border-stone-200 border-t bg-white py-6 text-center text-sm text-stone-500">
        © {new Date().getFullYear()} {t("app.name")}
      </footer>
    </div>
  );
}
