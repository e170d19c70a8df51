import { telemetryCalls as declared } from "#common/api/gallery.ts";
import type { AppContext } from "../context.ts";
import { clientAddressOf } from "../http/client-address.ts";
import { implementCall } from "../http/define-call.ts";
import { createRateLimit } from "../rate-limit.ts";
import { recordClientError } from "./record-client-error.ts";
import { recordEvent } from "./record-event.ts";

/** Analytics and error reports from the pages (app/features/errors/README.md). */
export function telemetryCalls(app: AppContext) {
  const eventLimit = createRateLimit(app.config, {
    name: "event",
    points: app.config.EVENT_RATE_LIMIT_PER_MINUTE,
    durationSeconds: 60,
  });
  const errorLimit = createRateLimit(app.config, { name: "client-error", points: 20, durationSeconds: 60 });

  return [
    implementCall(declared.event, async ({ input, viewer, c }) => {
      await eventLimit.consume(clientAddressOf(c));
      await recordEvent(app.database.db, viewer?.userId ?? null, input);
      return { recorded: true };
    }),
    implementCall(declared.clientError, async ({ input, c }) => {
      await errorLimit.consume(clientAddressOf(c));
      await recordClientError(
        { db: app.database.db, log: c.var.log, sentryDsn: app.config.SENTRY_DSN },
        input,
        c.req.header("user-agent") ?? null,
      );
      return { recorded: true };
    }),
  ];
}
