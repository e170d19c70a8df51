import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { packs, tasks } from "../db/schema.ts";
import { changePublicContent } from "../pages/page-changes.ts";
import { lockOwnedPack } from "./pack-access.ts";

/**
 * `POST /api/pack/delete`: the owner deletes a pack (its places go with it; the stickers stay). A
 * public pack leaves every process's shared pages at once (decision 0021).
 */
export async function deletePack(db: Db, o: { userId: number; packId: string }): Promise<{ deleted: true }> {
  await changePublicContent(db, async (tx) => {
    // The pack's tasks let go of it first: a sticker of a pack being made finishes by updating its
    // task row and then locking the pack (joinMadePack), so locking in that same order cannot deadlock
    // with it (the foreign key's SET NULL would otherwise touch the task rows after the pack's lock).
    const owned = tx
      .select({ id: packs.id })
      .from(packs)
      .where(and(eq(packs.packId, o.packId), eq(packs.ownerId, o.userId)));
    await tx.update(tasks).set({ packId: null }).where(inArray(tasks.packId, owned));
    const pack = await lockOwnedPack(tx, o);
    await tx.delete(packs).where(eq(packs.id, pack.id));
    return { value: undefined, change: pack.visibility === "public" ? { stickers: [], packs: [o.packId] } : null };
  });
  return { deleted: true };
}
