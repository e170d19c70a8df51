import { and, count, desc, eq, inArray, ne } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { StickerListItem, StickerPage } from "#common/stickers.ts";
import type { Visibility } from "#common/tasks.ts";
import type { Db } from "../db/client.ts";
import { stickers } from "../db/schema.ts";
import { changePublicContent } from "../pages/page-changes.ts";
import { shownTo } from "./shown-stickers.ts";
import { stickerItemsByIds } from "./sticker-items.ts";

/** The stickers the viewer made, newest first, private ones included (`/api/sticker/page/mySticker`). */
export async function pageMyStickers(db: Db, o: { userId: number; page: number; size: number }): Promise<StickerPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: stickers.id })
      .from(stickers)
      .where(eq(stickers.ownerId, o.userId))
      .orderBy(desc(stickers.id))
      .limit(o.size)
      .offset((o.page - 1) * o.size),
    db.select({ n: count() }).from(stickers).where(eq(stickers.ownerId, o.userId)),
  ]);
  return {
    // The owner's list says which are private.
    list: await stickerItemsByIds(
      db,
      rows.map((row) => row.id),
      { withVisibility: true },
    ),
    total: total?.n ?? 0,
  };
}

/**
 * The stickers made from these pictures (`/api/sticker/listByPics`), e.g. a task's results, newest
 * first: public ones and the viewer's own; others' private stickers are left out.
 */
export async function listByPics(db: Db, o: { picIds: string[]; viewerId: number | null }): Promise<StickerListItem[]> {
  if (o.picIds.length === 0) return [];
  const visible = shownTo(o.viewerId);
  const rows = await db
    .select({ id: stickers.id })
    .from(stickers)
    .where(and(inArray(stickers.picId, o.picIds), visible))
    .orderBy(desc(stickers.id))
    .limit(100);
  return stickerItemsByIds(
    db,
    rows.map((row) => row.id),
  );
}

/**
 * The owner makes a sticker public (in the community lists) or private (only they see it). Anyone
 * else's sticker is NOT_FOUND, as for an unknown id (decision 0033).
 */
export async function setStickerVisibility(
  db: Db,
  o: { userId: number; stickerInstId: string; visibility: Visibility },
): Promise<{ stickerInstId: string; visibility: Visibility }> {
  // A sticker made private leaves the shared pages and lists of every process now, not after their
  // TTL: the notification is part of the change's transaction, so either both happen or neither.
  const changed = await changePublicContent(db, async (tx) => {
    const [row] = await tx
      .update(stickers)
      .set({ visibility: o.visibility })
      .where(
        and(eq(stickers.stickerInstId, o.stickerInstId), eq(stickers.ownerId, o.userId), ne(stickers.visibility, o.visibility)),
      )
      .returning({ id: stickers.id });
    const left = row !== undefined && o.visibility === "private";
    return { value: row !== undefined, change: left ? { stickers: [o.stickerInstId], packs: [] } : null };
  });
  if (!changed) {
    const [existing] = await db
      .select({ id: stickers.id })
      .from(stickers)
      .where(and(eq(stickers.stickerInstId, o.stickerInstId), eq(stickers.ownerId, o.userId)));
    // Someone else's sticker answers as no sticker at all, so its id says nothing (decision 0033).
    if (!existing) throw new AppError("NOT_FOUND");
    // Already so: nothing changed, so nothing is announced (a repeated call cannot empty every cache).
    return { stickerInstId: o.stickerInstId, visibility: o.visibility };
  }
  return { stickerInstId: o.stickerInstId, visibility: o.visibility };
}
