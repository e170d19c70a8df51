/**
 * GET /files/account/export (decision 0037): the signed-in user's archive, "Download my data".
 * Next to the other files under /files, because the answer is a file, not an envelope; but signed like
 * an API call with the session's key, so only the page (or client) that holds the session can ask for
 * it — a link on another site cannot make the browser fetch it, and a URL alone is worth nothing. There
 * is no user id in it: whoever asks gets their own archive, never anyone else's. ACCOUNT_EXPORTS_PER_HOUR
 * per user (RATE_LIMITED); errors are the envelope with `no-store`, as every /files error.
 */
import { Hono } from "hono";
import { AppError } from "#common/errors.ts";
import { queryParams } from "#common/signature.ts";
import type { AppContext } from "#server/context.ts";
import { respondWithFileError } from "#server/files/file-access.ts";
import { sessionTokenOf } from "#server/http/api.ts";
import { clientAddressOf } from "#server/http/client-address.ts";
import type { AppEnv } from "#server/http/env.ts";
import { verifySignedCall } from "#server/http/signature-guard.ts";
import { createRateLimit } from "#server/rate-limit.ts";
import { resolveSession } from "#server/sessions/resolve-session.ts";
import { exportArchiveStream, exportFileName } from "./export-archive.ts";
import { readOwnData } from "./read-own-data.ts";

/** An archive reads every picture of the account: a few an hour is plenty for a person. */
export const ACCOUNT_EXPORTS_PER_HOUR = 3;
export const ACCOUNT_EXPORT_PATH = "/files/account/export";

/** Mount with `server.route("/files", accountExportRoutes(app))`, before the stored files' catch-all. */
export function accountExportRoutes(app: AppContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.onError((error, c) => respondWithFileError(c, error));
  const perUser = createRateLimit(app.config, {
    name: "account-export",
    points: ACCOUNT_EXPORTS_PER_HOUR,
    durationSeconds: 3600,
  });

  routes.get("/account/export", async (c) => {
    const token = sessionTokenOf(c, app.config);
    const viewer = token ? await resolveSession(app.database.db, token, { touch: false }) : null;
    if (!viewer) throw new AppError("AUTH_ERROR");
    const url = new URL(c.req.url);
    verifySignedCall({
      method: "GET",
      path: url.pathname,
      params: queryParams(url.searchParams),
      headers: c.req.raw.headers,
      keys: [viewer.signingKey],
      maxSkewSeconds: app.config.SIGNATURE_MAX_SKEW_SECONDS,
    });
    await perUser.consume(String(viewer.userId));
    const now = new Date();
    const data = await readOwnData(app, viewer.userId, now);
    c.var.log.info(
      { userId: viewer.userId, client: clientAddressOf(c), stickers: data.stickers.length },
      "account data exported",
    );
    return c.body(exportArchiveStream(data, app.storage, now), 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${exportFileName(now)}"`,
      "Cache-Control": "private, no-store",
    });
  });

  return routes;
}
