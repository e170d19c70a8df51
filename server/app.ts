import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { AppError } from "#common/errors.ts";
import { accountExportRoutes } from "./accounts/data-export/routes.ts";
import { accountRoutes } from "./accounts/routes.ts";
import { billingRoutes } from "./billing/routes.ts";
import { allCalls } from "./calls.ts";
import type { AppContext } from "./context.ts";
import { downloadRoutes } from "./downloads/routes.ts";
import { storedFileRoutes } from "./files/routes.ts";
import { callsFromMemory, createApiRouter } from "./http/api.ts";
import { socketPeerOf } from "./http/client-address.ts";
import { compress } from "./http/compress.ts";
import type { AppEnv } from "./http/env.ts";
import { respondWithError } from "./http/envelope.ts";
import { isLoopbackClient } from "./http/local-peer.ts";
import { openMemoryLane } from "./http/memory-lane.ts";
import { requestContext } from "./http/request-context.ts";
import { securityHeaders, securityHeadersFor, securityOptionsFor } from "./http/security-headers.ts";
import { catalogFileRoutes } from "./i18n/catalog-files.ts";
import { httpMetrics, metricsRoutes } from "./metrics/routes.ts";
import { packExportRoutes } from "./packs/export-routes.ts";
import { createPageCache } from "./pages/page-cache.ts";
import { pwaRoutes } from "./pwa/routes.ts";
import { seoRoutes } from "./seo/routes.ts";
import { shareRoutes } from "./share/routes.ts";
import { shareCardRoutes } from "./share-cards/routes.ts";
import { editPreviewRoutes } from "./stickers/edit/preview-route.ts";
import { telegramWebhookRoutes } from "./telegram/webhook-routes.ts";
import { vitalsRoutes } from "./telemetry/vitals-routes.ts";

/** What a page render receives from the server (read in loaders through the router context). */
export interface PageRequestContext {
  app: AppContext;
  nonce: string;
  requestId: string;
  /** The payments sandbox's pages may answer this request (local mode, direct loopback; decision 0012). */
  localStandIns: boolean;
}

export type PageRenderer = (request: Request, context: PageRequestContext) => Promise<Response>;

export interface ServerAppOptions {
  /** Renders a page with React Router (the production build or Vite's dev build). */
  renderPage: PageRenderer;
  /** Folder of the built browser assets (`build/client`); absent in development (Vite serves them). */
  clientAssetsDir?: string;
  /** Check every API answer against its call's declared output (tests; common/api/). */
  checkAnswers?: boolean;
  /** True while the process drains on SIGTERM: /readyz answers 503 so balancers stop sending. */
  isDraining?: () => boolean;
  development?: boolean;
}

/** Probes answer while draining: /readyz says so itself. */
const HEALTH_PATHS = new Set(["/healthz", "/readyz"]);

const IMMUTABLE = "public, max-age=31536000, immutable";

/** One Hono app: health, stored files, static assets, the JSON API, and React Router for pages. */
export function createServerApp(app: AppContext, options: ServerAppOptions) {
  const server = new Hono<AppEnv>();
  const security = securityOptionsFor(app.config, options.development);
  server.use(httpMetrics());
  server.use(requestContext(app.log, app.config));
  server.use(securityHeaders(security));
  // While draining, a read not yet started is refused, nothing done: the balancer sends it to another
  // process and stops sending here (nginx counts the 503 as this process failing), so the listener can
  // close without resetting a write on its way in. Writes are still served: a proxy does not resend them.
  server.use(async (c, next) => {
    const read = c.req.method === "GET" || c.req.method === "HEAD";
    if (!read || !options.isDraining?.() || HEALTH_PATHS.has(c.req.path)) return next();
    c.header("Retry-After", "1");
    return respondWithError(c, new AppError("SERVICE_UNAVAILABLE", "draining"));
  });

  server.get("/healthz", (c) => c.json({ status: "ok" }));
  server.get("/readyz", async (c) => {
    if (options.isDraining?.()) return c.json({ status: "draining" }, 503);
    try {
      await app.database.ping();
      // Which database runs behind is for this machine's eyes (a probe, an operator); anyone else
      // gets the status alone (decision 0033).
      const local = isLoopbackClient(socketPeerOf(c), c.req.raw.headers, app.config.TRUST_PROXY);
      return c.json(local ? { status: "ready", database: app.database.kind } : { status: "ready" });
    } catch (error) {
      c.var.log.warn({ err: error }, "readiness check failed");
      return c.json({ status: "unavailable" }, 503);
    }
  });

  // Prometheus metrics: a bearer token, or only direct loopback requests (decision 0020).
  server.route("/", metricsRoutes(app));

  // Watermarked downloads and messenger exports: /files/download/:picId, /files/export/:picId/:target.
  server.route("/files", downloadRoutes(app));
  // Pack exports: /files/pack/:packId/whatsapp | telegram | originals (decision 0025).
  server.route("/files", packExportRoutes(app));
  // The owner's editor previews: /files/edit-preview/:stickerInstId (decision 0047).
  server.route("/files", editPreviewRoutes(app));
  // The signed-in user's archive, "Download my data": /files/account/export (decision 0037).
  server.route("/files", accountExportRoutes(app));
  // A photo shared in from the phone's share sheet: POST /share, GET /files/shared/:id (decision 0046).
  server.route("/", shareRoutes(app));
  // The pages' Open Graph pictures: /files/card/pack/:packId/:hash.jpg, /files/card/sticker/:instId/:hash.jpg (decision 0050).
  server.route("/files", shareCardRoutes(app));
  // Stored files by name, each to whoever may see it: /files/:key.
  server.route("/files", storedFileRoutes(app));

  // The catalogs, one content-named file per language (decision 0055), with or without a build.
  server.route("/", catalogFileRoutes());

  if (options.clientAssetsDir) {
    const root = options.clientAssetsDir;
    // Cache headers only on files actually served from disk: anything else (e.g. React Router's
    // `.data` navigation requests) passes through untouched.
    // A content-named file never changes, so it is never revalidated: no Last-Modified, whose bytes
    // each of a page's scripts would carry (docs/ARCHITECTURE.md, "First-load budget", counts them).
    server.use(
      "/assets/*",
      serveStatic({
        root,
        precompressed: true,
        onFound: (_path, c) => {
          c.header("Cache-Control", IMMUTABLE);
          c.header("Last-Modified", undefined);
        },
      }),
    );
    // Other build files (favicon, robots.txt…): only paths that name a file reach the disk.
    const publicFile = serveStatic<AppEnv>({
      root,
      precompressed: true,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600"),
    });
    server.use("*", (c, next) => {
      if (!/\/[^/]+\.[a-z0-9]+$/i.test(c.req.path) || c.req.path.startsWith("/api/")) return next();
      return publicFile(c, next);
    });
  }

  // A build file that is not there (a page from before a deploy, a probe) is a small plain 404 with a
  // service answer's headers, never the app's 404 page: that would render the viewer's account under
  // the asset's headers (nosniff alone, `answerKindOf`), without the page's policy or framing rules.
  const missingAssetHeaders = Object.fromEntries(securityHeadersFor("api", security, ""));
  server.all("/assets/*", (c) => c.text("Not Found\n", 404, { ...missingAssetHeaders, "Cache-Control": "no-store" }));

  // Pages and sitemaps are compressed as they stream; API answers compress themselves (sendJson).
  const compressText = compress();
  server.use("/sitemap.xml", compressText);
  server.use("/sitemaps/*", compressText);
  server.route("/", seoRoutes(app));
  // The installable app: manifests, offline pages, the service worker (decision 0045).
  server.route("/", pwaRoutes({ clientAssetsDir: options.clientAssetsDir, compress: compressText }));
  server.route("/", accountRoutes(app));
  server.route("/", billingRoutes(app));
  // Our Telegram bot's updates, verified by its secret header (decision 0044).
  server.route("/", telegramWebhookRoutes(app));
  // The pages' Core Web Vitals, sent by beacon, which cannot sign an API call (decision 0054).
  server.route("/", vitalsRoutes(app));
  const calls = allCalls(app);
  server.route("/", createApiRouter(app, calls, { checkAnswers: options.checkAnswers ?? false }));

  // Visitors' pages are rendered once and shared for PAGE_CACHE_SECONDS, their scripts allowed by hash (decision 0021).
  const pageCache = createPageCache(app, {
    ttlSeconds: options.development ? 0 : app.config.PAGE_CACHE_SECONDS,
    security,
    render: (request, context) => options.renderPage(request, { app, ...context }),
    compress: compressText,
  });
  // Fresh shared pages and public lists are written from memory before the router (decision 0057).
  openMemoryLane(server, {
    lookups: [pageCache.lookup, callsFromMemory(app, calls)],
    isDraining: options.isDraining ?? (() => false),
    log: app.log,
    config: app.config,
  });
  server.all("*", pageCache.middleware, compressText, (c) =>
    options.renderPage(c.req.raw, {
      app,
      nonce: c.var.nonce,
      requestId: c.var.requestId,
      localStandIns: c.var.localStandIns,
    }),
  );
  return server;
}
