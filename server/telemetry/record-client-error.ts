import { randomUUID } from "node:crypto";
import type { Db } from "../db/client.ts";
import { clientErrors } from "../db/schema.ts";
import type { Logger } from "../log.ts";

export interface ClientErrorReport {
  kind: "error" | "unhandledrejection" | "boundary";
  message: string;
  stack?: string | undefined;
  url?: string | undefined;
  release?: string | undefined;
}

/** Stores a page's error and, when SENTRY_DSN is set, forwards it to that Sentry-compatible service. */
export async function recordClientError(
  deps: { db: Db; log: Logger; sentryDsn: string | undefined },
  report: ClientErrorReport,
  userAgent: string | null,
) {
  await deps.db.insert(clientErrors).values({
    kind: report.kind,
    message: report.message,
    stack: report.stack ?? null,
    url: report.url ?? null,
    release: report.release ?? null,
    userAgent,
  });
  deps.log.warn({ clientError: { kind: report.kind, message: report.message, url: report.url } }, "page error reported");
  if (deps.sentryDsn) {
    await forwardToSentry(deps.sentryDsn, report, userAgent).catch((error: unknown) =>
      deps.log.warn({ err: error }, "could not forward the page error to the error service"),
    );
  }
}

/** Sends one event in Sentry's envelope format (works with Sentry, GlitchTip and other compatible hosts). */
async function forwardToSentry(dsn: string, report: ClientErrorReport, userAgent: string | null) {
  const url = new URL(dsn);
  const projectId = url.pathname.replace(/^\/+|\/+$/g, "");
  const endpoint = `${url.protocol}//${url.host}/api/${projectId}/envelope/`;
  const eventId = randomUUID().replaceAll("-", "");
  const event = {
    event_id: eventId,
    timestamp: Date.now() / 1000,
    platform: "javascript",
    level: "error",
    release: report.release,
    request: { url: report.url, headers: userAgent ? { "User-Agent": userAgent } : {} },
    tags: { kind: report.kind },
    exception: { values: [{ type: report.kind, value: report.message }] },
    extra: { stack: report.stack },
  };
  const body = [
    JSON.stringify({ event_id: eventId, dsn, sent_at: new Date().toISOString() }),
    JSON.stringify({ type: "event" }),
    JSON.stringify(event),
  ].join("\n");
  const response = await fetch(endpoint, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-sentry-envelope",
      "X-Sentry-Auth": `Sentry sentry_version=7, sentry_key=${url.username}, sentry_client=sticker-studio/1`,
    },
    body,
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) throw new Error(`error service answered ${response.status}`);
}
