/**
 * The pack a photo's upload made, by the upload id its page sent (decision 0029): a page whose make
 * failed on the way back (a dropped connection, a timeout after the server had the whole photo) asks
 * this before saying nothing started, and a repeated make with the same id answers that pack unpaid.
 */
import { and, asc, eq } from "drizzle-orm";
import type { MadePack } from "#common/packs.ts";
import type { Db } from "../db/client.ts";
import { packs, tasks, users } from "../db/schema.ts";
import type { DbOrTx } from "./pack-access.ts";
import { packSummaries } from "./pack-view.ts";

/**
 * The caller's pack made from the upload `uploadId`, or null. Another user's pack with the same id,
 * or the same user's pack from another upload (another tab, an earlier photo), never answers.
 */
export async function findUploadPack(db: DbOrTx, userId: number, uploadId: string): Promise<{ packId: string | null }> {
  const [row] = await db
    .select({ packId: packs.packId })
    .from(packs)
    .where(and(eq(packs.ownerId, userId), eq(packs.clientUploadId, uploadId)))
    .limit(1);
  return { packId: row?.packId ?? null };
}

/**
 * What a make with an upload id this user already used answers: the pack it made, as it stands, its
 * tasks, the points they took and the balance now. Null for a new id (or none).
 */
export async function answerRepeatedPackUpload(db: Db, userId: number, uploadId: string | undefined): Promise<MadePack | null> {
  if (uploadId === undefined) return null;
  const [pack] = await db
    .select()
    .from(packs)
    .where(and(eq(packs.ownerId, userId), eq(packs.clientUploadId, uploadId)))
    .limit(1);
  if (!pack) return null;
  const [[summary], moods, [user]] = await Promise.all([
    packSummaries(db, [pack], userId),
    db
      .select({ id: tasks.id, cost: tasks.cost })
      .from(tasks)
      .where(and(eq(tasks.packId, pack.id), eq(tasks.userId, userId)))
      .orderBy(asc(tasks.id)),
    db.select({ point: users.point }).from(users).where(eq(users.id, userId)),
  ]);
  if (!summary || !user) return null;
  return {
    pack: summary,
    taskIds: moods.map((task) => task.id),
    cost: moods.reduce((sum, task) => sum + task.cost, 0),
    point: user.point,
  };
}
