import { eq } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { PackDetail } from "#common/packs.ts";
import type { Db } from "../db/client.ts";
import { packs } from "../db/schema.ts";
import { packDetail } from "./pack-view.ts";

/**
 * `GET /api/pack/get` and the pack page's loader. A private pack is PACK_NOT_FOUND to anyone but its
 * owner — never NO_PERMISSION, so nobody learns that it exists (decision 0024).
 */
export async function getPack(db: Db, o: { packId: string; viewerId: number | null }): Promise<PackDetail> {
  const [row] = await db.select().from(packs).where(eq(packs.packId, o.packId));
  if (!row || (row.visibility !== "public" && row.ownerId !== o.viewerId)) throw new AppError("PACK_NOT_FOUND");
  return packDetail(db, row, o.viewerId);
}
