/**
 * A made sticker joins its pack (decision 0026), inside the transaction that finishes its task: it is
 * appended, then the pack's made stickers are put back in MOOD order on the places they hold, so the
 * pack reads happy, sad, love… whatever order the stickers finished in. Stickers the owner added by
 * hand keep their places.
 */
import { and, count, eq, isNotNull, max } from "drizzle-orm";
import { MOOD_IDS, MOODS, PACK_MAX_STICKERS } from "#common/packs.ts";
import { packStickers, packs, stickers, tasks } from "../db/schema.ts";
import type { DbOrTx } from "../points/change-points.ts";

/**
 * Appends one sticker at the end of a pack with its emoji. The same signature as the pack service's
 * `appendToPack` (server/packs/append-to-pack.ts, branch packs-server): once that lands this becomes a
 * call to it. A full pack is left as it is (the sticker is still made and stays in the owner's list).
 */
export async function appendToPackForMake(tx: DbOrTx, packRowId: number, stickerId: number, emoji: string[]): Promise<boolean> {
  const [{ n, last } = { n: 0, last: null }] = await tx
    .select({ n: count(), last: max(packStickers.position) })
    .from(packStickers)
    .where(eq(packStickers.packId, packRowId));
  if (n >= PACK_MAX_STICKERS) return false;
  await tx
    .insert(packStickers)
    .values({ packId: packRowId, stickerId, position: (last ?? -1) + 1, emoji })
    .onConflictDoNothing();
  return true;
}

/** Called by the task's finish (server/tasks/run-task.ts) for a task of a pack made in one go. */
export async function joinMadePack(tx: DbOrTx, task: { packId: number; mood: string }, stickerId: number): Promise<void> {
  // The pack's row lock: two moods finishing at once append and reorder one after the other.
  const [pack] = await tx.select({ id: packs.id }).from(packs).where(eq(packs.id, task.packId)).for("update");
  if (!pack) return; // deleted meanwhile
  const emoji = MOODS.find((mood) => mood.id === task.mood)?.emoji;
  if (!emoji) return;
  if (!(await appendToPackForMake(tx, pack.id, stickerId, [emoji]))) return;
  await tx.update(packs).set({ updatedAt: new Date() }).where(eq(packs.id, pack.id));
  await putMadeStickersInMoodOrder(tx, pack.id);
}

/** The pack's made stickers take the places they hold, in MOOD order. */
async function putMadeStickersInMoodOrder(tx: DbOrTx, packRowId: number): Promise<void> {
  const made = await tx
    .select({ stickerId: packStickers.stickerId, position: packStickers.position, mood: tasks.mood })
    .from(packStickers)
    .innerJoin(stickers, eq(stickers.id, packStickers.stickerId))
    .innerJoin(tasks, and(eq(tasks.id, stickers.taskId), eq(tasks.packId, packRowId), isNotNull(tasks.mood)))
    .where(eq(packStickers.packId, packRowId));
  const places = made.map((row) => row.position).sort((a, b) => a - b);
  const rank = (mood: string | null) => MOOD_IDS.indexOf(mood as (typeof MOOD_IDS)[number]);
  const inOrder = [...made].sort((a, b) => rank(a.mood) - rank(b.mood));
  for (const [i, row] of inOrder.entries()) {
    const position = places[i] as number;
    if (row.position === position) continue;
    await tx
      .update(packStickers)
      .set({ position })
      .where(and(eq(packStickers.packId, packRowId), eq(packStickers.stickerId, row.stickerId)));
  }
}
