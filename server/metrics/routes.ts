import { createHash, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { Hono, type MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { AppError, type ErrorCode } from "#common/errors.ts";
import { TASK_STATUS } from "#common/tasks.ts";
import type { AppContext } from "../context.ts";
import { tasks } from "../db/schema.ts";
import { socketPeerOf } from "../http/client-address.ts";
import type { AppEnv } from "../http/env.ts";
import { respondWithError } from "../http/envelope.ts";
import { isDirectLocalRequest } from "../http/local-peer.ts";
import { GENERATE_FAILED_QUEUE, GENERATE_QUEUE } from "../tasks/task-queue.ts";
import { httpRequestDuration, httpRequests, queueDepth, registry, tasksByState } from "./metrics.ts";

/**
 * Counts each request by its route pattern (`/files/:key`, `/api/v2/aitask/get`, `*` for pages), never
 * its raw path, so the label set stays as small as the route table. Outermost middleware.
 */
export function httpMetrics(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      countRequest(c.req.method, routePath(c) || "unmatched", c.res.status, (performance.now() - started) / 1000);
    }
  };
}

/** One answered request in the request metrics (also for answers the memory lane writes, decision 0057). */
export function countRequest(method: string, route: string, status: number, seconds: number): void {
  const labels = { method: methodLabel(method), route, status: String(status) };
  httpRequests.inc(labels);
  httpRequestDuration.observe(labels, seconds);
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const methodLabel = (method: string) => (METHODS.has(method) ? method : "OTHER");

/**
 * `GET /metrics` (Prometheus text format). With `METRICS_TOKEN`: only `Authorization: Bearer <token>`
 * (none → 401 AUTH_ERROR, wrong → 403 NO_PERMISSION; compared in constant time). Without: only a
 * request straight from this machine (loopback peer, no proxy headers; decision 0012), else 404.
 */
export function metricsRoutes(app: AppContext) {
  const routes = new Hono<AppEnv>();
  routes.get("/metrics", async (c) => {
    const refused = metricsRefusal(c.req.header("authorization"), app.config.METRICS_TOKEN, () =>
      isDirectLocalRequest(socketPeerOf(c), c.req.raw.headers, new URL(c.req.url).host),
    );
    if (refused) return respondWithError(c, new AppError(refused));
    await readDatabaseGauges(app).catch((error: unknown) =>
      c.var.log.warn({ err: error }, "metrics: database gauges unavailable"),
    );
    c.header("Cache-Control", "no-store");
    return c.body(await registry.metrics(), 200, { "Content-Type": registry.contentType });
  });
  return routes;
}

/** Why a scrape is refused, or null when it may read the metrics. */
export function metricsRefusal(
  authorization: string | undefined,
  token: string | undefined,
  directLocal: () => boolean,
): ErrorCode | null {
  if (!token) return directLocal() ? null : "NOT_FOUND";
  const given = /^Bearer +(\S+)$/i.exec(authorization ?? "")?.[1];
  if (!given) return "AUTH_ERROR";
  return sameSecret(given, token) ? null : "NO_PERMISSION";
}

function sameSecret(given: string, expected: string) {
  // Digests first: equal lengths whatever was sent, so the comparison time says nothing about the token.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const STATE_NAMES = Object.entries(TASK_STATUS) as [keyof typeof TASK_STATUS, number][];

/** Tasks by state and jobs waiting or running, read from the shared database at scrape time. */
async function readDatabaseGauges(app: AppContext) {
  const db = app.database.db;
  const counts = await db.select({ status: tasks.status, n: sql<number>`count(*)::int` }).from(tasks).groupBy(tasks.status);
  for (const [name, status] of STATE_NAMES) {
    tasksByState.set({ state: name }, Number(counts.find((row) => row.status === status)?.n ?? 0));
  }
  const schema = await db.execute(sql`select to_regclass('pgboss.job') is not null as present`);
  if (!(schema.rows[0] as { present?: boolean } | undefined)?.present) return;
  const jobs = await db.execute(sql`
    select name, case when state in ('created', 'retry') then 'waiting' else 'active' end as state, count(*)::int as n
    from pgboss.job
    where name in (${GENERATE_QUEUE}, ${GENERATE_FAILED_QUEUE}) and state in ('created', 'retry', 'active')
    group by 1, 2`);
  const rows = jobs.rows as { name: string; state: string; n: number }[];
  for (const queue of [GENERATE_QUEUE, GENERATE_FAILED_QUEUE]) {
    for (const state of ["waiting", "active"]) {
      queueDepth.set({ queue, state }, Number(rows.find((row) => row.name === queue && row.state === state)?.n ?? 0));
    }
  }
}
