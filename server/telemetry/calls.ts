import { z } from "zod";
import type { AppContext } from "../context.ts";
import { clientAddressOf } from "../http/client-address.ts";
import { defineCall } from "../http/define-call.ts";
import { createRateLimit } from "../rate-limit.ts";
import { recordClientError } from "./record-client-error.ts";
import { recordEvent } from "./record-event.ts";

/** Analytics and error reports from the pages (app/features/errors/README.md). */
export function telemetryCalls(app: AppContext) {
  const eventLimit = createRateLimit(app.config, { name: "event", points: 120, durationSeconds: 60 });
  const errorLimit = createRateLimit(app.config, { name: "client-error", points: 20, durationSeconds: 60 });

  const event = defineCall({
    method: "POST",
    path: "/api/event",
    summary: "Records an analytics event (the page swallows any error of this call).",
    tag: "telemetry",
    access: "public",
    input: z.object({
      name: z
        .string()
        .trim()
        .min(1)
        .max(64)
        .regex(/^[a-z0-9_.:-]+$/i),
      path: z.string().max(512).optional(),
      clientId: z.string().max(64).optional(),
      props: z.record(z.string().max(64), z.unknown()).optional(),
    }),
    output: z.object({ recorded: z.boolean() }),
    async handle({ input, viewer, c }) {
      await eventLimit.consume(clientAddressOf(c));
      await recordEvent(app.database.db, viewer?.userId ?? null, input);
      return { recorded: true };
    },
  });

  const clientError = defineCall({
    method: "POST",
    path: "/api/clientError",
    summary: "Stores a page error or unhandled rejection and forwards it to the error service when configured.",
    tag: "telemetry",
    access: "public",
    input: z.object({
      kind: z.enum(["error", "unhandledrejection", "boundary"]),
      message: z.string().trim().min(1).max(2000),
      stack: z.string().max(8000).optional(),
      url: z.string().max(2000).optional(),
      release: z.string().max(64).optional(),
    }),
    output: z.object({ recorded: z.boolean() }),
    async handle({ input, c }) {
      await errorLimit.consume(clientAddressOf(c));
      await recordClientError(
        { db: app.database.db, log: c.var.log, sentryDsn: app.config.SENTRY_DSN },
        input,
        c.req.header("user-agent") ?? null,
      );
      return { recorded: true };
    },
  });

  return [event, clientError];
}
