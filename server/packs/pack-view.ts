import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { type PackDetail, type PackSticker, type PackSummary, packSlug } from "#common/packs.ts";
import { TASK_STATUS } from "#common/tasks.ts";
import type { Db } from "../db/client.ts";
import { packStickers, pictures, stickers, tasks, users } from "../db/schema.ts";
import { assertLinkable, buildEach, skippedIn } from "../skipped-items.ts";
import { stickerItemsByIds } from "../stickers/sticker-items.ts";
import { type PackRow, stickerVisibleTo } from "./pack-access.ts";

/**
 * What a viewer sees of packs (decision 0024): only the stickers they may see — the owner all of
 * their own, everyone public ones — so a sticker made private drops out of others' view and counts.
 */

function coverOf(row: { stickerInstId: string; pngKey: string; thumbKey: string }): NonNullable<PackSummary["cover"]> {
  return { stickerInstId: row.stickerInstId, thumbUrl: `/files/${row.thumbKey}`, imageUrl: `/files/${row.pngKey}` };
}

function summaryOf(row: PackRow, stickerCount: number, cover: PackSummary["cover"]): PackSummary {
  return {
    packId: row.packId,
    name: row.name,
    visibility: row.visibility,
    stickerCount,
    cover,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Packs for a list, in the order given: each with the viewer's count and cover (the chosen one if they see it, else the first). */
export async function packSummaries(db: Db, rows: PackRow[], viewerId: number | null): Promise<PackSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const visible = and(inArray(packStickers.packId, ids), stickerVisibleTo(viewerId));
  const chosen = rows.filter((row) => row.coverStickerId !== null);
  // The chosen cover first when the viewer sees it, then the first sticker.
  const chosenFirst =
    chosen.length === 0
      ? sql`1`
      : sql`case ${sql.join(
          chosen.map(
            (row) => sql`when ${packStickers.packId} = ${row.id} and ${packStickers.stickerId} = ${row.coverStickerId} then 0`,
          ),
          sql` `,
        )} else 1 end`;
  const [counts, covers] = await Promise.all([
    db
      .select({ packId: packStickers.packId, n: count() })
      .from(packStickers)
      .innerJoin(stickers, eq(stickers.id, packStickers.stickerId))
      .where(visible)
      .groupBy(packStickers.packId),
    db
      .selectDistinctOn([packStickers.packId], {
        packId: packStickers.packId,
        stickerId: packStickers.stickerId,
        stickerInstId: stickers.stickerInstId,
        pngKey: pictures.pngKey,
        thumbKey: pictures.thumbKey,
      })
      .from(packStickers)
      .innerJoin(stickers, eq(stickers.id, packStickers.stickerId))
      .innerJoin(pictures, eq(pictures.id, stickers.picId))
      .where(visible)
      .orderBy(packStickers.packId, chosenFirst, asc(packStickers.position)),
  ]);
  const countOf = new Map(counts.map((row) => [row.packId, row.n]));
  const coverByPack = new Map(covers.map((row) => [row.packId, coverOf(row)]));
  // One pack whose card cannot be made (decision 0040) is left out and logged; the list still answers.
  return buildEach(
    rows,
    (row) => row.packId,
    (row) => {
      assertLinkable(row.name, packSlug);
      return summaryOf(row, countOf.get(row.id) ?? 0, coverByPack.get(row.id) ?? null);
    },
    skippedIn("pack list item"),
  );
}

/** A pack's page for a viewer who may open it: its stickers they may see, in order, positions counted among those. */
export async function packDetail(
  db: Db,
  row: PackRow,
  viewerId: number | null,
  o: { staffView?: boolean } = {},
): Promise<PackDetail> {
  const mine = viewerId !== null && viewerId === row.ownerId;
  const [members, [owner], pending] = await Promise.all([
    db
      .select({ stickerId: packStickers.stickerId, stickerInstId: stickers.stickerInstId, emoji: packStickers.emoji })
      .from(packStickers)
      .innerJoin(stickers, eq(stickers.id, packStickers.stickerId))
      .where(and(eq(packStickers.packId, row.id), stickerVisibleTo(viewerId)))
      .orderBy(asc(packStickers.position)),
    db.select({ nick: users.nick }).from(users).where(eq(users.id, row.ownerId)),
    mine
      ? db
          .select({ id: tasks.id })
          .from(tasks)
          .where(and(eq(tasks.packId, row.id), inArray(tasks.status, [TASK_STATUS.wait, TASK_STATUS.exeing])))
          .orderBy(asc(tasks.id))
      : Promise.resolve([]),
  ]);
  const items = await stickerItemsByIds(
    db,
    members.map((member) => member.stickerId),
    { withVisibility: mine },
  );
  const emojiOf = new Map(members.map((member) => [member.stickerInstId, member.emoji]));
  const list: PackSticker[] = items.map((item, position) => ({
    ...item,
    position,
    emoji: emojiOf.get(item.stickerInstId) ?? [],
  }));
  const chosenCover = members.find((member) => member.stickerId === row.coverStickerId);
  const coverItem = list.find((item) => item.stickerInstId === chosenCover?.stickerInstId) ?? list[0];
  return {
    ...summaryOf(
      row,
      list.length,
      coverItem ? { stickerInstId: coverItem.stickerInstId, thumbUrl: coverItem.thumbUrl, imageUrl: coverItem.imageUrl } : null,
    ),
    stickers: list,
    credit: row.credit ?? null,
    mine,
    owner: { name: owner?.nick ?? "" },
    pendingTaskIds: pending.map((task) => task.id),
    // Only the owner learns that a moderator hid it; staff see it because moderation concerns it (decision 0035).
    hidden: mine && row.hiddenAt !== null,
    staffView: o.staffView ?? false,
  };
}
