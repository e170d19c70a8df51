import { and, eq } from "drizzle-orm";
import type { Viewer } from "#server/context.ts";
import type { Db } from "#server/db/client.ts";
import { packs, users } from "#server/db/schema.ts";
import { changePublicContent } from "#server/pages/page-changes.ts";
import { getUserInfo, type UserInfo } from "#server/sessions/user-info.ts";
import { displayName } from "./display-name.ts";

/**
 * `POST /api/user/name`: the signed-in user's new display name (decision 0036), answered with their
 * user info. Their public packs' pages show "by {name}", and every process keeps visitors' copies of
 * those pages (decision 0021): the same transaction names those packs on the page-change channel, so
 * each process drops them once the name has committed. Exports read the name as they are sent.
 */
export async function changeDisplayName(db: Db, viewer: Viewer, raw: string): Promise<UserInfo> {
  const name = displayName(raw);
  await changePublicContent(db, async (tx) => {
    const [before] = await tx.select({ nick: users.nick }).from(users).where(eq(users.id, viewer.userId)).for("update");
    if (!before || before.nick === name) return { value: undefined, change: null };
    await tx.update(users).set({ nick: name, updatedAt: new Date() }).where(eq(users.id, viewer.userId));
    const publicPacks = await tx
      .select({ packId: packs.packId })
      .from(packs)
      .where(and(eq(packs.ownerId, viewer.userId), eq(packs.visibility, "public")));
    const ids = publicPacks.map((pack) => pack.packId);
    return { value: undefined, change: ids.length > 0 ? { stickers: [], packs: ids } : null };
  });
  return getUserInfo(db, viewer);
}
