import type { Db } from "../db/client.ts";
import { events } from "../db/schema.ts";

export interface AnalyticsEvent {
  name: string;
  path?: string | undefined;
  clientId?: string | undefined;
  props?: Record<string, unknown> | undefined;
}

export async function recordEvent(db: Db, userId: number | null, event: AnalyticsEvent) {
  await db.insert(events).values({
    userId,
    name: event.name,
    path: event.path ?? null,
    clientId: event.clientId ?? null,
    props: event.props ?? {},
  });
}
