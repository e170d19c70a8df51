import { useEffect } from "react";
import { Outlet, redirect, useParams } from "react-router";
import { LANGUAGE_COOKIE_DAYS } from "#common/constants.ts";
import { DEFAULT_LANGUAGE, isLanguage, type Language, languageFromAcceptLanguage } from "#common/languages.ts";
import { sameSitePath } from "#common/same-site-path.ts";
import { LANGUAGE_COOKIE } from "#common/site.ts";
import { errorPageMeta, statusOfError } from "../features/errors/error-meta.ts";
import { ErrorView, OfflineView, useOfflineError } from "../features/errors/error-view.tsx";
import { SiteShell } from "../features/layout/site-shell.tsx";
import type { Route } from "./+types/language";

/** The `lang` cookie as the language picker writes it (app/features/layout/language-select.tsx). */
function languageCookie(language: Language) {
  return `${LANGUAGE_COOKIE}=${language}; Max-Age=${LANGUAGE_COOKIE_DAYS * 86400}; Path=/; SameSite=Lax`;
}

function cookieOf(request: Request, name: string) {
  const match = request.headers.get("cookie")?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]+)`));
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * The optional language prefix (spec §1): /en/... goes to the root, unknown prefixes are 404. A page
 * without a prefix goes to the remembered language (cookie), or on a first visit to the best match
 * of Accept-Language (zh-CN → zh, zh-HK → zh-TW); English stays at the root. A language reached
 * through a prefixed link is remembered like a chosen one (decision 0029): /en/… sets the cookie on its
 * redirect; another prefix's page sets it in the browser (LanguageLayout), because its answer may be
 * the shared visitor page (decision 0021), which must never carry a Set-Cookie.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const { lang } = params;
  const url = new URL(request.url);
  if (lang === undefined) {
    const remembered = cookieOf(request, LANGUAGE_COOKIE);
    const wanted = isLanguage(remembered)
      ? remembered
      : remembered === null
        ? languageFromAcceptLanguage(request.headers.get("accept-language"))
        : DEFAULT_LANGUAGE;
    if (wanted !== DEFAULT_LANGUAGE) {
      const home = `/${wanted}`;
      throw redirect(sameSitePath(`${home}${url.pathname === "/" ? "" : url.pathname}${url.search}`, home), {
        headers: { Vary: "Cookie, Accept-Language" },
      });
    }
    return null;
  }
  if (lang === DEFAULT_LANGUAGE) {
    // "/en//host" must not become "//host" (another site): anything not a same-site path lands home.
    throw redirect(sameSitePath(`${url.pathname.replace(/^\/en(?=\/|$)/, "") || "/"}${url.search}`), {
      status: 301,
      headers: { "Set-Cookie": languageCookie(DEFAULT_LANGUAGE) },
    });
  }
  if (!isLanguage(lang)) throw new Response("Not Found", { status: 404 });
  return null;
}

/**
 * The head of the error page this layout's boundary shows: every 404 a page's loader throws (unknown
 * path, page number, tag, pack, the desk to anyone but staff) and an unknown prefix end here, above
 * the page whose own `meta` would have named it. A page that loaded names itself.
 */
export function meta({ matches, error }: Route.MetaArgs) {
  return error ? errorPageMeta(matches, statusOfError(error)) : [];
}

export default function LanguageLayout() {
  const { lang } = useParams();
  useEffect(() => {
    if (!isLanguage(lang) || lang === DEFAULT_LANGUAGE) return;
    if (document.cookie.split(/;\s*/).includes(`${LANGUAGE_COOKIE}=${lang}`)) return;
    // biome-ignore lint/suspicious/noDocumentCookie: the language cookie is not sensitive and must be readable by the server on the next visit
    document.cookie = languageCookie(lang);
  }, [lang]);
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const offline = useOfflineError(error);
  return <SiteShell>{offline ? <OfflineView /> : <ErrorView status={statusOfError(error)} />}</SiteShell>;
}
