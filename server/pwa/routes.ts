import { Hono, type MiddlewareHandler } from "hono";
import { manifestPathOf } from "#common/installed-app.ts";
import { LANGUAGES } from "#common/languages.ts";
import type { AppEnv } from "../http/env.ts";
import { OFFLINE_PAGE_POLICY, renderOfflinePage } from "./offline-page.ts";
import { offlinePathOf, serviceWorkerScript } from "./service-worker-script.ts";
import { webAppManifest } from "./web-app-manifest.ts";

/** A worker's script is checked for a new version on every visit: never kept by an HTTP cache. */
const NO_CACHE = "no-cache";

/**
 * The installable app (decision 0045): each language's manifest (`/manifest.webmanifest`,
 * `/{lang}/manifest.webmanifest`) and offline page (`/offline.html`, `/{lang}/offline.html`), and
 * the service worker, `/sw.js`. All are made once, when the process starts.
 */
export function pwaRoutes(options: { clientAssetsDir?: string | undefined; compress: MiddlewareHandler }): Hono<AppEnv> {
  const pwa = new Hono<AppEnv>();
  const offlinePageTexts: string[] = [];
  for (const language of LANGUAGES) {
    const manifest = JSON.stringify(webAppManifest(language));
    pwa.get(manifestPathOf(language), options.compress, (c) =>
      c.body(manifest, 200, {
        "Content-Type": "application/manifest+json; charset=utf-8",
        "Cache-Control": "public, max-age=3600",
      }),
    );
    const page = renderOfflinePage(language);
    offlinePageTexts.push(page);
    pwa.get(offlinePathOf(language), options.compress, (c) =>
      c.body(page, 200, {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": NO_CACHE,
        "Content-Security-Policy": OFFLINE_PAGE_POLICY,
      }),
    );
  }
  const script = serviceWorkerScript({ clientAssetsDir: options.clientAssetsDir, offlinePageTexts });
  pwa.get("/sw.js", options.compress, (c) =>
    c.body(script, 200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": NO_CACHE,
      // The worker's own policy: it fetches from this origin only and loads no script.
      "Content-Security-Policy": "default-src 'self'; script-src 'none'; base-uri 'none'",
    }),
  );
  return pwa;
}
