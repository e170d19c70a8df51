/**
 * A made sticker joins its pack (decision 0026), inside the transaction that finishes its task: it is
 * appended, then the pack's made stickers are put back in MOOD order on the places they hold, so the
 * pack reads happy, sad, love… whatever order the stickers finished in. Stickers the owner added by
 * hand keep their places. Once the owner has put the pack in an order of their own, that order stands:
 * a sticker that finishes later joins at the end and nothing is moved.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { isAppError } from "#common/errors.ts";
import { MOOD_IDS, MOODS } from "#common/packs.ts";
import { packStickers, packs, stickers, tasks } from "../db/schema.ts";
import { appendToPack } from "./append-to-pack.ts";
import type { DbOrTx } from "./pack-access.ts";

/**
 * A made sticker appended to the pack its task was made for, under the pack's row lock (two finishing
 * at once append and reorder one after the other). Null when the pack is gone, or full: the owner
 * filled it by hand meanwhile, and the sticker is still made and stays in their list. The pack row
 * otherwise, so the caller may put its made stickers back in order.
 */
export async function appendMadeSticker(tx: DbOrTx, packRowId: number, stickerId: number, emoji: string[]) {
  const [pack] = await tx
    .select({ id: packs.id, orderedByOwnerAt: packs.orderedByOwnerAt })
    .from(packs)
    .where(eq(packs.id, packRowId))
    .for("update");
  if (!pack) return null; // deleted meanwhile
  try {
    await appendToPack(tx, pack.id, stickerId, emoji);
  } catch (error) {
    if (isAppError(error, "PACK_FULL")) return null;
    throw error;
  }
  return pack;
}

/** Called by the task's finish (server/tasks/run-task.ts) for a task of a pack made in one go. */
export async function joinMadePack(tx: DbOrTx, task: { packId: number; mood: string }, stickerId: number): Promise<void> {
  const emoji = MOODS.find((mood) => mood.id === task.mood)?.emoji;
  if (!emoji) return;
  const pack = await appendMadeSticker(tx, task.packId, stickerId, [emoji]);
  if (pack?.orderedByOwnerAt === null) await putMadeStickersInMoodOrder(tx, pack.id);
}

/** The pack's made stickers take the places they hold, in MOOD order. */
async function putMadeStickersInMoodOrder(tx: DbOrTx, packRowId: number): Promise<void> {
  const made = await tx
    .select({ stickerId: packStickers.stickerId, position: packStickers.position, mood: tasks.mood })
    .from(packStickers)
    .innerJoin(stickers, eq(stickers.id, packStickers.stickerId))
    .innerJoin(tasks, and(eq(tasks.id, stickers.taskId), eq(tasks.packId, packRowId), isNotNull(tasks.mood)))
    .where(eq(packStickers.packId, packRowId));
  const rank = (mood: string | null) => MOOD_IDS.indexOf(mood as (typeof MOOD_IDS)[number]);
  await putInOrder(tx, packRowId, made, (a, b) => rank(a.mood) - rank(b.mood));
}

/**
 * Made stickers take the places they already hold among themselves, sorted by `order` (whatever order
 * they finished in); stickers the owner added by hand keep theirs.
 */
export async function putInOrder<R extends { stickerId: number; position: number }>(
  tx: DbOrTx,
  packRowId: number,
  made: R[],
  order: (a: R, b: R) => number,
): Promise<void> {
  const places = made.map((row) => row.position).sort((a, b) => a - b);
  const inOrder = [...made].sort(order);
  for (const [i, row] of inOrder.entries()) {
    const position = places[i] as number;
    if (row.position === position) continue;
    await tx
      .update(packStickers)
      .set({ position })
      .where(and(eq(packStickers.packId, packRowId), eq(packStickers.stickerId, row.stickerId)));
  }
}
