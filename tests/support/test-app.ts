import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServerApp, type ServerAppOptions } from "#server/app.ts";
import { bootAppContext } from "#server/boot.ts";
import type { AppContext } from "#server/context.ts";
import { closeMotionPool } from "#server/motion/motion-pool.ts";
import { nodeListener } from "#server/serve.ts";
import { closePromptPlanner } from "#server/tasks/read-prompt.ts";
import { signatureHeaders } from "./call-signature.ts";
import { migratedPgliteTemplate, migratedPostgresTemplate } from "./migrated-templates.ts";
import { createPostgresDatabase } from "./postgres-database.ts";

/** Close it with `closeTestApp(t)`, the only way: it has no close() of its own. */
export interface TestApp {
  app: AppContext;
  server: ReturnType<typeof createServerApp>;
  dataDir: string;
}

/** What closing each test app must clean up besides the app itself (its PostgreSQL database, its folder). */
const cleanups = new WeakMap<TestApp, () => Promise<void>>();

/**
 * The one way to close a test app (every test file's afterAll, and apps a test makes for itself).
 * Stops its job queue if it started (running jobs finish first; stop the test's own task workers
 * before), then waits until every pooled PostgreSQL connection has really closed — pg's `pool.end()`
 * resolves as soon as it has asked them to, and a connection still closing when the database is
 * force-dropped gets 57P01 as an uncaught error — then closes the database, drops the test's
 * PostgreSQL database and removes its data folder. Takes `undefined` (a beforeAll that failed) and
 * is a no-op the second time.
 */
export async function closeTestApp(t: TestApp | undefined): Promise<void> {
  if (!t) return;
  const cleanup = cleanups.get(t);
  if (!cleanup) return;
  cleanups.delete(t);
  await t.app.tasks.stop();
  await closeMotionPool(t.app);
  await closePromptPlanner(t.app);
  const pool = t.app.database.pool;
  if (pool && !pool.ending) {
    const open = pool.totalCount;
    let removed = 0;
    const allClosed = new Promise<void>((resolve) => {
      if (open === 0) resolve();
      pool.on("remove", () => {
        removed += 1;
        if (removed >= open) resolve();
      });
    });
    await pool.end();
    await allClosed;
  }
  await t.app.database.close().catch(() => undefined);
  await cleanup();
}

/**
 * A real app on a fresh database: in-memory PGlite, or (TEST_ENGINE=postgres) a new PostgreSQL
 * database made from TEST_DATABASE_URL; CI runs the suites both ways. No mocks of our own database.
 * It starts as a copy of the run's migrated database (tests/support/migrated-templates.ts); `fromEmpty`
 * migrates an empty one instead, as a first start does.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Partial<ServerAppOptions> = {},
  { fromEmpty = false }: { fromEmpty?: boolean } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "sticker-test-"));
  const database = await freshDatabaseUrl(fromEmpty);
  // A public origin needs mail and a sealing key to boot (local mode fails closed); tests that use one
  // get a mail server and a Stripe API address that are never dialled unless the test uses them.
  const publicOrigin = env.PUBLIC_URL !== undefined && !/^https?:\/\/(localhost|127\.0\.0\.1)(:|\/|$)/.test(env.PUBLIC_URL);
  const publicDefaults = publicOrigin
    ? {
        SMTP_URL: "smtp://127.0.0.1:9",
        LINK_SEALING_KEY: "test-link-sealing-key-0123456789abcdef",
        STRIPE_SECRET_KEY: "sk_test_unused",
        STRIPE_WEBHOOK_SECRET: "whsec_unused",
        STRIPE_PRICE_ANNUAL: "price_test_annual",
        STRIPE_PRICE_MONTHLY: "price_test_monthly",
        STRIPE_API_BASE: "http://127.0.0.1:9",
      }
    : {};
  const app = await bootAppContext(
    {
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      PUBLIC_LIST_CACHE_SECONDS: "0",
      PAGE_CACHE_SECONDS: "0",
      ...publicDefaults,
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    { pgliteDir: "memory://", pgliteStart: database || fromEmpty ? undefined : await migratedPgliteTemplate() },
  );
  const server = createServerApp(app, {
    renderPage: async () => new Response("<!doctype html><p>page</p>", { headers: { "Content-Type": "text/html" } }),
    // Every API test also checks each answer against its call's declared output (common/api/).
    checkAnswers: true,
    ...options,
  });
  const testApp: TestApp = { app, server, dataDir };
  cleanups.set(testApp, async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  return testApp;
}

async function freshDatabaseUrl(fromEmpty: boolean) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base || process.env.TEST_ENGINE !== "postgres") return null;
  return createPostgresDatabase(base, `sticker_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`, {
    template: fromEmpty ? undefined : await migratedPostgresTemplate(base),
  });
}

export interface SignedRequestOptions {
  params?: Record<string, string>;
  body?: unknown;
  /** A multipart body (uploads): its string fields are signed, its files are not. */
  form?: FormData;
  key: string;
  timestamp?: number;
  headers?: Record<string, string>;
  /** Change the body after signing (tamper test). */
  sendBody?: string;
}

/** Builds a call signed exactly as the page signs it. */
export async function signedRequest(method: "GET" | "POST", pathname: string, options: SignedRequestOptions): Promise<Request> {
  const search = new URLSearchParams(options.params ?? {});
  const signature = await signatureHeaders(method, pathname, { ...options, search, client: "test/1" });
  const url = `http://localhost${pathname}${search.size ? `?${search}` : ""}`;
  return new Request(url, {
    method,
    headers: {
      ...signature,
      ...(method === "POST" && !options.form ? { "Content-Type": "application/json" } : {}),
      ...options.headers,
    },
    body: method === "POST" ? (options.form ?? options.sendBody ?? JSON.stringify(options.body ?? {})) : null,
  });
}

/**
 * The test app on a real loopback socket through `nodeListener`, as production serves it (the headers
 * the socket layer sets, the wire's framing); `close` stops it before `closeTestApp`.
 */
export async function serveOnSocket(t: TestApp): Promise<{ origin: string; close: () => Promise<void> }> {
  const http = createServer(nodeListener(t.app, t.server));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}
