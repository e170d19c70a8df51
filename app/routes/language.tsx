import { isRouteErrorResponse, Outlet, redirect } from "react-router";
import { DEFAULT_LANGUAGE, isLanguage, languageFromAcceptLanguage } from "#common/languages.ts";
import { sameSitePath } from "#common/same-site-path.ts";
import { LANGUAGE_COOKIE } from "#common/site.ts";
import { ErrorView } from "../features/errors/error-view.tsx";
import { SiteShell } from "../features/layout/site-shell.tsx";
import type { Route } from "./+types/language";

function cookieOf(request: Request, name: string) {
  const match = request.headers.get("cookie")?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]+)`));
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * The optional language prefix (spec §1): /en/... goes to the root, unknown prefixes are 404. A page
 * without a prefix goes to the remembered language (cookie), or on a first visit to the best match
 * of Accept-Language (zh-CN → zh, zh-HK → zh-TW); English stays at the root.
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
    throw redirect(sameSitePath(`${url.pathname.replace(/^\/en(?=\/|$)/, "") || "/"}${url.search}`), 301);
  }
  if (!isLanguage(lang)) throw new Response("Not Found", { status: 404 });
  return null;
}

export default function LanguageLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteShell>
      <ErrorView status={isRouteErrorResponse(error) ? error.status : 500} />
    </SiteShell>
  );
}
