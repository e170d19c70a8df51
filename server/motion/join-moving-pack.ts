/**
 * A moving sticker joins the pack made to move in one go (decision 0041), inside the transaction that
 * finishes its task: appended with its source's emoji, then the pack's moving stickers are put back in
 * their tasks' order (the source pack's order) on the places they hold, whatever order they finished
 * in. Once the owner has ordered the pack, a sticker that finishes later joins at the end.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { isAppError } from "#common/errors.ts";
import { packStickers, packs, stickers, tasks } from "../db/schema.ts";
import { appendToPack } from "../packs/append-to-pack.ts";
import type { DbOrTx } from "../packs/pack-access.ts";

export async function joinMovingPack(tx: DbOrTx, task: { packId: number; emoji: string[] }, stickerId: number): Promise<void> {
  // The pack's row lock: two stickers finishing at once append and reorder one after the other.
  const [pack] = await tx
    .select({ id: packs.id, orderedByOwnerAt: packs.orderedByOwnerAt })
    .from(packs)
    .where(eq(packs.id, task.packId))
    .for("update");
  if (!pack) return; // deleted meanwhile
  try {
    await appendToPack(tx, pack.id, stickerId, task.emoji);
  } catch (error) {
    if (isAppError(error, "PACK_FULL")) return;
    throw error;
  }
  if (pack.orderedByOwnerAt !== null) return;
  const joined = await tx
    .select({ stickerId: packStickers.stickerId, position: packStickers.position, taskId: tasks.id })
    .from(packStickers)
    .innerJoin(stickers, eq(stickers.id, packStickers.stickerId))
    .innerJoin(tasks, and(eq(tasks.id, stickers.taskId), eq(tasks.packId, pack.id), isNotNull(tasks.motion)))
    .where(eq(packStickers.packId, pack.id));
  const places = joined.map((row) => row.position).sort((a, b) => a - b);
  const inOrder = [...joined].sort((a, b) => a.taskId - b.taskId);
  for (const [i, row] of inOrder.entries()) {
    const position = places[i] as number;
    if (row.position === position) continue;
    await tx
      .update(packStickers)
      .set({ position })
      .where(and(eq(packStickers.packId, pack.id), eq(packStickers.stickerId, row.stickerId)));
  }
}
