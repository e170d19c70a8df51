import { isRouteErrorResponse, Outlet, redirect } from "react-router";
import { DEFAULT_LANGUAGE, isLanguage } from "#common/languages.ts";
import { ErrorView } from "../features/errors/error-view.tsx";
import { SiteShell } from "../features/layout/site-shell.tsx";
import type { Route } from "./+types/language";

/** Validates the optional language prefix: /en/... goes to the root, unknown prefixes are 404. */
export function loader({ params, request }: Route.LoaderArgs) {
  const { lang } = params;
  if (lang === undefined) return null;
  if (lang === DEFAULT_LANGUAGE) {
    const url = new URL(request.url);
    throw redirect(`${url.pathname.replace(/^\/en(?=\/|$)/, "") || "/"}${url.search}`, 301);
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
