import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "#common/errors.ts";
import type { AppContext } from "../context.ts";
import type { AppEnv } from "../http/env.ts";
import { respondWithError } from "../http/envelope.ts";
import { handleWebhook } from "./handle-webhook.ts";

/** Stripe's event payloads are a few kilobytes; anything far larger is not one. */
const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

export const STRIPE_WEBHOOK_PATH = "/api/stripe/webhook";

/**
 * Stripe's webhook. It carries Stripe's signature, not ours, so it sits outside the signed API: the
 * raw body is verified against `Stripe-Signature` (bad, altered or stale → 400 and nothing changes),
 * then the event is applied once by id with the state re-fetched from Stripe. A failure to re-fetch
 * answers 5xx so Stripe delivers the event again later.
 */
export function billingRoutes(app: AppContext) {
  const routes = new Hono<AppEnv>();
  routes.onError((error, c) => respondWithError(c, error));
  routes.post(
    STRIPE_WEBHOOK_PATH,
    bodyLimit({
      maxSize: WEBHOOK_BODY_LIMIT_BYTES,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE");
      },
    }),
    async (c) => {
      const rawBody = new Uint8Array(await c.req.arrayBuffer());
      const result = await handleWebhook(app, rawBody, c.req.header("stripe-signature"));
      c.var.log.info({ outcome: result.outcome, userId: result.userId }, "payment event");
      return c.json({ received: true, outcome: result.outcome });
    },
  );
  return routes;
}
