import type { AppContext } from "#server/context.ts";
import { pageModerationActions } from "#server/moderation/audit-log.ts";
import { listBannedUsers, pageModerationQueue } from "#server/moderation/moderation-queue.ts";
import { pagePackQueue } from "#server/moderation/pack-queue.ts";
import { requireStaff, type Staff } from "#server/moderation/staff.ts";
import { userOfRequest } from "../auth/session.server.ts";

export { listBannedUsers, pageModerationActions, pageModerationQueue, pagePackQueue };

/**
 * The desk's pages answer 404 to everyone but staff (decision 0031): a visitor, a plain user and a
 * banned one see the same "no such page" as for any unknown path, so the desk is not revealed.
 */
export async function staffOfPage(app: Pick<AppContext, "database" | "config">, request: Request): Promise<Staff> {
  const viewer = await userOfRequest(app, request, { touch: false });
  if (!viewer) throw new Response("Not Found", { status: 404 });
  return requireStaff(app.database.db, viewer.id).catch(() => {
    throw new Response("Not Found", { status: 404 });
  });
}
