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

/** Called by the task's finish (server/tasks/run-task.ts) for a task of a pack made in one go. */
export async function joinMadePack(tx: DbOrTx, task: { packId: number; mood: string }, stickerId: number): Promise<void> {
  // The pack's row lock: two moods finishing at once append and reorder one after the other.
  const [pack] = await tx
    .select({ id: packs.id, orderedByOwnerAt: packs.orderedByOwnerAt })
    .from(packs)
    .where(eq(packs.id, task.packId))
    .for("update");
  if (!pack) return; // deleted meanwhile
  const emoji = MOODS.find((mood) => mood.id === task.mood)?.emoji;
  if (!emoji) return;
  try {
    await appendToPack(tx, pack.id, stickerId, [emoji]);
  } catch (error) {
    // A pack the owner filled by hand meanwhile: the sticker is still made and stays in their list.
    if (isAppError(error, "PACK_FULL")) return;
    throw error;
  }
  if (pack.orderedByOwnerAt === null) await putMadeStickersInMoodOrder(tx, pack.id);
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
