import { AppError } from "#common/errors.ts";
import type { Db } from "../db/client.ts";
import { events } from "../db/schema.ts";

/**
 * The most an event's details (`props`, as JSON in UTF-8) may weigh: the page sends a few small
 * fields, so anything larger is refused rather than stored (decision 0034). With the name, path and
 * client id capped by the call's schema, one event row stays under about 3 KB.
 */
export const EVENT_PROPS_MAX_BYTES = 2048;

/** EVENT_TOO_LARGE when the event's details pass EVENT_PROPS_MAX_BYTES. */
export function checkEventSize(event: AnalyticsEvent): void {
  const size = Buffer.byteLength(JSON.stringify(event.props ?? {}), "utf8");
  if (size > EVENT_PROPS_MAX_BYTES) throw new AppError("EVENT_TOO_LARGE", undefined, { vars: { limit: EVENT_PROPS_MAX_BYTES } });
}

export interface AnalyticsEvent {
  name: string;
  path?: string | undefined;
  clientId?: string | undefined;
  props?: Record<string, unknown> | undefined;
}

export async function recordEvent(db: Db, userId: number | null, event: AnalyticsEvent) {
  checkEventSize(event);
  await db.insert(events).values({
    userId,
    name: event.name,
    path: event.path ?? null,
    clientId: event.clientId ?? null,
    props: event.props ?? {},
  });
}
