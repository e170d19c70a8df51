import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { packs } from "../db/schema.ts";
import { publicStickersChanged } from "../pages/page-changes.ts";
import { lockOwnedPack } from "./pack-access.ts";

/**
 * `POST /api/pack/delete`: the owner deletes a pack (its places go with it; the stickers stay). A
 * public pack leaves every process's shared pages at once (decision 0021).
 */
export async function deletePack(db: Db, o: { userId: number; packId: string }): Promise<{ deleted: true }> {
  const row = await db.transaction(async (tx) => {
    const pack = await lockOwnedPack(tx, o);
    await tx.delete(packs).where(eq(packs.id, pack.id));
    return pack;
  });
  if (row.visibility === "public") await publicStickersChanged(db);
  return { deleted: true };
}
