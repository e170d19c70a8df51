import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { basePathOf, stripLanguagePrefix } from "#app/i18n/language-of-path.ts";
import { useLocalized } from "#app/i18n/use-localized.ts";
import { LANGUAGE_COOKIE_DAYS } from "#common/constants.ts";
import { isLanguage, LANGUAGES } from "#common/languages.ts";
import { LANGUAGE_COOKIE, LANGUAGE_NAMES } from "#common/site.ts";

/** A native select (keyboard and screen-reader friendly, no script weight); the choice is kept 365 days. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const { language } = useLocalized();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <span className="text-stone-600">{t("footer.language")}</span>
      <select
        className="h-10 rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 focus-visible:outline-2 focus-visible:outline-primary"
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLanguage(next)) return;
          // biome-ignore lint/suspicious/noDocumentCookie: the language cookie is not sensitive and must be readable by the server on the next visit
          document.cookie = `${LANGUAGE_COOKIE}=${next}; max-age=${LANGUAGE_COOKIE_DAYS * 86400}; path=/; samesite=lax`;
          const rest = stripLanguagePrefix(location.pathname);
          const base = basePathOf(next);
          void navigate(`${base}${rest === "/" && base ? "" : rest}${location.search}` || "/");
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
