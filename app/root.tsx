import { useEffect, useMemo, useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useRouteLoaderData,
} from "react-router";
import { THEME_PRIMARY } from "#common/constants.ts";
import type { Catalog } from "#common/i18n/catalogs.ts";
import { APPLE_TOUCH_ICON, manifestPathOf } from "#common/installed-app.ts";
import { type Language, RTL_LANGUAGES } from "#common/languages.ts";
import type { Route } from "./+types/root";
import { pageContext } from "./context.server.ts";
import { usePageViews } from "./features/analytics/use-page-views.ts";
import { useWebVitals } from "./features/analytics/use-web-vitals.ts";
import { renewedSessionCookie, userOfRequest } from "./features/auth/session.server.ts";
import { useSessionSync } from "./features/auth/use-session-sync.ts";
import { errorPageMeta, statusOfError } from "./features/errors/error-meta.ts";
import { ErrorView, OfflineView, useOfflineError } from "./features/errors/error-view.tsx";
import { errorReportingReady, reportError } from "./features/errors/report-error.ts";
import { pricingOptions } from "./features/pricing/pricing.server.ts";
import { useInstallableApp } from "./features/pwa/use-installable-app.ts";
import { catalogAddressOf, catalogFor } from "./i18n/catalogs.server.ts";
import { createTranslator, I18nProvider } from "./i18n/i18n.tsx";
import { languageOfPath } from "./i18n/language-of-path.ts";
import { catalogOf, keepCatalog, usePageCatalog } from "./i18n/page-catalog.ts";
import { clockOffsetFrom, configureApiClient } from "./lib/api/client-state.ts";
import { useNonce } from "./nonce.tsx";
import stylesheet from "./styles.css?url";

/** The initial state every page starts from: language data and the key for signed calls (spec §2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context.get(pageContext);
  const language = languageOfPath(new URL(request.url).pathname);
  const user = await userOfRequest(app, request);
  // The server renders with the catalog in memory; the page only names its file.
  keepCatalog(language, catalogFor(language));
  const sessionCookie = renewedSessionCookie(app.config, request, user);
  const state = {
    user: user
      ? {
          id: user.id,
          email: user.email,
          nick: user.nick,
          point: user.point,
          subscribePlan: user.subscribePlan,
          avatar: user.avatar,
        }
      : null,
    language,
    dir: RTL_LANGUAGES.has(language) ? ("rtl" as const) : ("ltr" as const),
    /** The catalog's file (decision 0055): the browser loads it before hydrating, then from its cache. */
    catalog: catalogAddressOf(language),
    // A signed-in page signs with its session's own key (decision 0003).
    signingKey: user?.signingKey ?? app.config.CLIENT_SIGNING_KEY,
    release: process.env.npm_package_version ?? "dev",
    supportEmail: app.config.SUPPORT_EMAIL,
    origin: new URL(app.config.PUBLIC_URL).origin,
    inviteReward: app.config.INVITE_REWARD_POINTS,
    inviteRewardsPerDay: app.config.INVITE_REWARDS_PER_DAY,
    /** Shows the Google button when set (spec §4; hidden otherwise). */
    googleClientId: app.config.GOOGLE_CLIENT_ID ?? null,
    /** Offers "Add to Telegram" when the site has a Telegram bot (decision 0044). */
    telegramBot: app.config.TELEGRAM_BOT_TOKEN !== undefined,
    /** What the plan cards quote (the points modal opens on any page). */
    pricing: pricingOptions(app),
    /** The server's clock: the page signs with it, whatever its device's clock says (decision 0017). */
    serverTime: Date.now(),
  };
  return data(state, sessionCookie ? { headers: { "Set-Cookie": sessionCookie } } : undefined);
}

/** The root's data is only fetched again when the language changes or after a write. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.href === nextUrl.href || (formMethod && formMethod !== "GET")) return defaultShouldRevalidate;
  return languageOfPath(currentUrl.pathname) !== languageOfPath(nextUrl.pathname);
}

/** The root error page's head (the pages name themselves; the language layout names its own errors). */
export function meta({ matches, error }: Route.MetaArgs) {
  return error ? errorPageMeta(matches, statusOfError(error)) : [];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  // The document's own catalog: a later language's file is loaded by usePageCatalog, not preloaded again.
  const [documentCatalog] = useState(data?.catalog);
  return (
    <html lang={data?.language ?? "en"} dir={data?.dir ?? "ltr"} data-catalog={data?.catalog}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_PRIMARY} />
        {/* With a precedence, React writes the stylesheet before the ~25 module preloads it hoists into the
            head, so the one render-blocking file is asked for first (decision 0023). */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        {/* Loaded with the modules, since hydration waits for it (entry.client.tsx, decision 0055). */}
        {documentCatalog ? <link rel="preload" href={documentCatalog} as="fetch" crossOrigin="anonymous" /> : null}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The installable app in the page's language (decision 0045). */}
        <link rel="manifest" href={manifestPathOf(data?.language ?? "en")} />
        <link rel="apple-touch-icon" href={APPLE_TOUCH_ICON.src} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-stone-50 text-stone-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

interface InitialState {
  language: Language;
  catalog: string;
  signingKey: string;
  release: string;
  user: { id: number } | null;
  serverTime: number;
}

/**
 * The page's translator as last rendered, in the browser only: an error the root's boundary catches
 * after the page was shown (a navigation offline) keeps speaking the page's language. Never kept on
 * the server, where requests of every language share the module.
 */
let shownTranslator: ReturnType<typeof createTranslator> | null = null;

function useInitialState(data: InitialState | undefined, catalog: Catalog | undefined) {
  const i18n = useMemo(() => (data && catalog ? createTranslator(data.language, catalog) : null), [data, catalog]);
  if (i18n && typeof window !== "undefined") shownTranslator = i18n;
  if (data && typeof window !== "undefined") {
    configureApiClient({
      language: data.language,
      signingKey: data.signingKey,
      release: data.release,
      signedIn: data.user !== null,
      ...clockOffsetFrom(data.serverTime),
    });
  }
  useEffect(() => {
    if (data) errorReportingReady();
  }, [data]);
  return i18n;
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  const i18n = useInitialState(data, usePageCatalog(data.language, data.catalog));
  usePageViews();
  useWebVitals();
  useSessionSync();
  useInstallableApp();
  if (!i18n) return null;
  return (
    <I18nProvider value={i18n}>
      <Outlet />
    </I18nProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("root");
  // An error page never waits for a file: the catalog kept for its language, or the one last shown.
  const i18n = useInitialState(data, data ? catalogOf(data.language) : undefined);
  const status = statusOfError(error);
  const offline = useOfflineError(error);
  useEffect(() => {
    // An offline browser's failed request is not the site's error (and the report could not leave).
    if (!isRouteErrorResponse(error) && navigator.onLine) reportError("boundary", error);
  }, [error]);
  useEffect(() => {
    // An error page is interactive too (its links and sign-in button); browser tests wait for this.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // No page shell here to open the sign-in: home is the way back.
  const view = offline ? <OfflineView /> : <ErrorView status={status} signIn={false} />;
  const translator = i18n ?? (typeof window !== "undefined" ? shownTranslator : null);
  return translator ? <I18nProvider value={translator}>{view}</I18nProvider> : view;
}
