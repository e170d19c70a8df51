import { eq } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { PackDetail } from "#common/packs.ts";
import type { Db } from "../db/client.ts";
import { packs, users } from "../db/schema.ts";
import { staffMaySeePack } from "../moderation/staff-view.ts";
import { packDetail } from "./pack-view.ts";

/**
 * `GET /api/pack/get` and the pack page's loader. A private pack, a pack a moderator hid, or any pack
 * of a banned user, is PACK_NOT_FOUND to anyone but its owner — never NO_PERMISSION, so nobody learns
 * that it exists (decisions 0024, 0031) — and but staff when moderation concerns it (reported or
 * hidden, decision 0035: they open it from the desk, `staffView`).
 */
export async function getPack(db: Db, o: { packId: string; viewerId: number | null }): Promise<PackDetail> {
  const [found] = await db
    .select({ pack: packs, ownerBannedAt: users.bannedAt })
    .from(packs)
    .innerJoin(users, eq(users.id, packs.ownerId))
    .where(eq(packs.packId, o.packId));
  const row = found?.pack;
  if (!row) throw new AppError("PACK_NOT_FOUND");
  const shown = row.visibility === "public" && row.hiddenAt === null && found?.ownerBannedAt === null;
  const mine = row.ownerId === o.viewerId;
  const staffView = !shown && !mine && o.viewerId !== null && (await staffMaySeePack(db, o.viewerId, row));
  if (!shown && !mine && !staffView) throw new AppError("PACK_NOT_FOUND");
  return packDetail(db, row, o.viewerId, { staffView });
}
