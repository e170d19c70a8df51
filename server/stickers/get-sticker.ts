import { and, eq } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { Language } from "#common/languages.ts";
import type { StickerDetail } from "#common/stickers.ts";
import { TASK_TYPE } from "#common/tasks.ts";
import type { Db } from "../db/client.ts";
import { pictures, stickers, styles, tasks } from "../db/schema.ts";
import { staffMaySeeSticker } from "../moderation/staff-view.ts";
import { readLabelsAndAutomatic } from "./labels/read-labels.ts";
import { shownTo } from "./shown-stickers.ts";
import { stickerItemColumns, tagsOfStickers, toStickerListItem } from "./sticker-items.ts";

/**
 * One sticker for its detail page (spec §7 GET /api/sticker/get). A private sticker is seen only by
 * its owner, and so is one hidden by moderation (decision 0031) — and by staff when moderation concerns
 * it (reported or hidden, decision 0035: they open it from the desk); anyone else gets NOT_FOUND, the
 * answer for an id that does not exist, so nobody learns that it does (decision 0033). Its labels
 * (decision 0042) are in the viewer's language.
 */
export async function getSticker(
  db: Db,
  o: { stickerInstId: string; viewerId: number | null; language: Language },
): Promise<StickerDetail> {
  const [row] = await db
    .select({
      ...stickerItemColumns,
      ownerId: stickers.ownerId,
      visibility: stickers.visibility,
      hiddenAt: stickers.hiddenAt,
      locale: stickers.locale,
      remixedFrom: stickers.remixedFrom,
      taskType: tasks.type,
      styleKey: styles.key,
      styleNames: styles.names,
    })
    .from(stickers)
    .innerJoin(pictures, eq(pictures.id, stickers.picId))
    .leftJoin(styles, eq(styles.id, stickers.styleId))
    .leftJoin(tasks, eq(tasks.id, stickers.taskId))
    .where(eq(stickers.stickerInstId, o.stickerInstId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  const mine = o.viewerId !== null && row.ownerId === o.viewerId;
  // Private, or hidden by moderation (decision 0031): absent to everyone but the owner (decision 0033);
  // staff still see what they moderate (decision 0035).
  const shown = row.visibility === "public" && row.hiddenAt === null;
  const staffView = !shown && !mine && o.viewerId !== null && (await staffMaySeeSticker(db, o.viewerId, row.id));
  if (!shown && !mine && !staffView) throw new AppError("NOT_FOUND");
  const [tags, labels, remixedFrom] = await Promise.all([
    tagsOfStickers(db, [row.id]),
    readLabelsAndAutomatic(db, [row.id], o.language),
    remixSourceShown(db, row.remixedFrom, o.viewerId),
  ]);
  const read = labels.get(row.id);
  if (!read) throw new AppError("NOT_FOUND"); // deleted meanwhile
  return {
    ...toStickerListItem(row, tags.get(row.id) ?? []),
    style:
      row.styleId !== null && row.styleKey !== null
        ? { id: row.styleId, key: row.styleKey, name: row.styleNames?.[o.language] ?? row.styleNames?.en ?? row.styleKey }
        : null,
    visibility: row.visibility,
    mine,
    locale: row.locale,
    // Only the owner learns that moderation hid it (the page shows them a notice).
    hidden: mine && row.hiddenAt !== null,
    staffView,
    labels: read.labels,
    // Only the owner's editor offers to go back to them.
    automaticLabels: mine ? read.automatic : null,
    remixedFrom,
    fromPhoto: row.taskType === TASK_TYPE.image,
  };
}

/** The sticker this one remixes (decision 0046), while the viewer may see it; null otherwise. */
async function remixSourceShown(db: Db, sourceId: number | null, viewerId: number | null): Promise<StickerDetail["remixedFrom"]> {
  if (sourceId === null) return null;
  const [source] = await db
    .select({ stickerInstId: stickers.stickerInstId, name: stickers.name })
    .from(stickers)
    .where(and(eq(stickers.id, sourceId), shownTo(viewerId)))
    .limit(1);
  return source ?? null;
}
