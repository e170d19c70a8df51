/**
 * A moving sticker joins the pack made to move in one go (decision 0041), inside the transaction that
 * finishes its task: appended with its source's emoji, then the pack's moving stickers are put back in
 * their tasks' order (the source pack's order) on the places they hold, whatever order they finished
 * in. Once the owner has ordered the pack, a sticker that finishes later joins at the end.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { packStickers, stickers, tasks } from "../db/schema.ts";
import { appendMadeSticker, putInOrder } from "../packs/make-join.ts";
import type { DbOrTx } from "../packs/pack-access.ts";

export async function joinMovingPack(tx: DbOrTx, task: { packId: number; emoji: string[] }, stickerId: number): Promise<void> {
  const pack = await appendMadeSticker(tx, task.packId, stickerId, task.emoji);
  if (!pack || pack.orderedByOwnerAt !== null) return;
  const joined = await tx
    .select({ stickerId: packStickers.stickerId, position: packStickers.position, taskId: tasks.id })
    .from(packStickers)
    .innerJoin(stickers, eq(stickers.id, packStickers.stickerId))
    .innerJoin(tasks, and(eq(tasks.id, stickers.taskId), eq(tasks.packId, pack.id), isNotNull(tasks.motion)))
    .where(eq(packStickers.packId, pack.id));
  await putInOrder(tx, pack.id, joined, (a, b) => a.taskId - b.taskId);
}
