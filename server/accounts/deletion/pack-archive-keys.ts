import { and, eq, inArray, ne } from "drizzle-orm";
import { isAppError } from "#common/errors.ts";
import type { AppContext } from "#server/context.ts";
import { packStickers, packs, stickers } from "#server/db/schema.ts";
import { watermarkDomain } from "#server/downloads/watermark.ts";
import type { ExportablePack } from "#server/exports/pack-layouts.ts";
import { packArchiveKeys, readExportablePack } from "#server/packs/export-pack.ts";

/**
 * The stored archives of the packs a deletion touches (decision 0037): the account's packs and others'
 * packs that hold its stickers, each as its owner and as a visitor sees it now, for every target, mark and size. An
 * archive of an earlier arrangement of a pack is named by pictures no address asks for any more; the
 * sweep removes it with the other old archives (decision 0034).
 */
export async function packArchiveKeysOf(app: AppContext, userId: number): Promise<string[]> {
  const db = app.database.db;
  const ownStickers = db.select({ id: stickers.id }).from(stickers).where(eq(stickers.ownerId, userId));
  const [own, held] = await Promise.all([
    db.select({ packId: packs.packId, ownerId: packs.ownerId }).from(packs).where(eq(packs.ownerId, userId)),
    db
      .selectDistinct({ packId: packs.packId, ownerId: packs.ownerId })
      .from(packs)
      .innerJoin(packStickers, eq(packStickers.packId, packs.id))
      .where(and(ne(packs.ownerId, userId), inArray(packStickers.stickerId, ownStickers))),
  ]);
  const domain = watermarkDomain(app.config.PUBLIC_URL);
  const keys = new Set<string>();
  for (const pack of [...own, ...held]) {
    for (const viewerId of [pack.ownerId, null]) {
      const seen = await exportableOrNull(app, pack.packId, viewerId);
      if (!seen || seen.stickers.length === 0) continue;
      for (const key of packArchiveKeys(seen, domain)) keys.add(key);
    }
  }
  return [...keys];
}

async function exportableOrNull(app: AppContext, packId: string, viewerId: number | null): Promise<ExportablePack | null> {
  try {
    return await readExportablePack(app.database.db, packId, viewerId);
  } catch (error) {
    if (isAppError(error, "NOT_FOUND")) return null;
    throw error;
  }
}
