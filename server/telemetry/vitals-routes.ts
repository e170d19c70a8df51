/**
 * `POST /vitals`: a page's Core Web Vitals, sent once per page view with `navigator.sendBeacon` when the
 * page is hidden (decision 0054). A beacon cannot carry the signature's headers, so this is a route
 * outside the signed API (decision 0003, as for the webhooks), with its own checks, in this order:
 * a cross-site sender (`Sec-Fetch-Site` other than `same-origin`) → NO_PERMISSION; a body over
 * VITALS_BODY_MAX_BYTES → PAYLOAD_TOO_LARGE; more than VITALS_RATE_LIMIT_PER_MINUTE from one client
 * address → RATE_LIMITED; not JSON → MALFORMED_JSON; outside `vitalsReport` → INVALID_INPUT with the
 * fields at fault. Every refusal is the usual translated envelope; the body's content type is not
 * read (a beacon's string body is `text/plain`).
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "#common/errors.ts";
import { VITALS_PATH } from "#common/web-vitals.ts";
import type { AppContext } from "../context.ts";
import { clientAddressOf } from "../http/client-address.ts";
import type { AppEnv } from "../http/env.ts";
import { okEnvelope, respondWithError, sendJson } from "../http/envelope.ts";
import { createRateLimit } from "../rate-limit.ts";
import { recordVitals, vitalsReport } from "./record-vitals.ts";

/** A report is a route id, a width and three numbers: about 100 bytes. */
export const VITALS_BODY_MAX_BYTES = 1024;

/** Mount with `server.route("/", vitalsRoutes(app))`, before the pages' catch-all. */
export function vitalsRoutes(app: AppContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // One report per page view: the default (60) is far more views a minute than a person makes.
  const limit = createRateLimit(app.config, {
    name: "vitals",
    points: app.config.VITALS_RATE_LIMIT_PER_MINUTE,
    durationSeconds: 60,
  });
  routes.onError((error, c) => respondWithError(c, error));

  routes.post(
    VITALS_PATH,
    async (c, next) => {
      // Browsers name who sent a request; only our own pages report (a forged client can lie, as it
      // can with any figure it sends: the rate limit and the bounded values hold then).
      const site = c.req.header("sec-fetch-site");
      if (site !== undefined && site !== "same-origin") throw new AppError("NO_PERMISSION", "cross-site vitals");
      await next();
    },
    bodyLimit({
      maxSize: VITALS_BODY_MAX_BYTES,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE");
      },
    }),
    async (c) => {
      await limit.consume(clientAddressOf(c));
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        throw new AppError("MALFORMED_JSON");
      }
      const parsed = vitalsReport.safeParse(body);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(input)"}: ${issue.message}`);
        throw new AppError("INVALID_INPUT", "invalid vitals", { issues });
      }
      recordVitals(parsed.data);
      c.header("Cache-Control", "no-store");
      return sendJson(c, okEnvelope({ recorded: true }));
    },
  );
  return routes;
}
