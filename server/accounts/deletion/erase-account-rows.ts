import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { Tx } from "#server/billing/user-lock.ts";
import {
  deletedMailboxes,
  emailLinks,
  favorites,
  feedback,
  filesToDelete,
  packStickers,
  packs,
  replacedPictures,
  sessions,
  stickers,
  tasks,
  telegramAccounts,
  telegramLinkCodes,
  telegramSets,
  users,
} from "#server/db/schema.ts";
import type { PagesChange } from "#server/pages/page-changes.ts";
import { changePoints } from "#server/points/change-points.ts";
import { hotScoreSql } from "#server/stickers/hot-score.ts";
import { removeUnusedPictures } from "#server/stickers/unused-pictures.ts";
import { AVATAR_KEY, avatarPathOf } from "../google/copy-google-avatar.ts";
import { deletedMailboxHash, lockMailbox } from "../mailbox-accounts.ts";

/** What the erasing transaction took away, for the steps after it commits. */
export interface ErasedAccount {
  /**
   * The public pages and lists to drop: the account's stickers, its packs and others' packs that held
   * them. The caller's transaction announces it (`changePublicContent`), so every process drops them.
   */
  change: PagesChange;
  /** The pictures of the account's stickers (their derived downloads are found by these). */
  picIds: string[];
  /** Stored files queued in `files_to_delete`. */
  queuedKeys: string[];
}

/** Ids sent to the database at once (a statement takes at most 65,535 parameters). */
const CHUNK = 1000;

function chunksOf<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += CHUNK) out.push(items.slice(at, at + CHUNK));
  return out;
}

/** The account's tasks go first (see `eraseAccountRows`); the uploads they named are returned. */
async function deleteTasksOf(tx: Tx, userId: number): Promise<string[]> {
  const gone = await tx.delete(tasks).where(eq(tasks.userId, userId)).returning({ inputKey: tasks.inputKey });
  return gone.flatMap((row) => (row.inputKey ? [row.inputKey] : []));
}

/**
 * Everything of one account in the database, in one transaction (decision 0037). Locks in the order
 * the rest of the app takes them, so it cannot deadlock with them: the account's tasks first (a
 * sticker being finished locks its task, then the user, as a pack's deletion already respects), then
 * the user's row (as billing, points and bans do), then others' packs that hold the account's
 * stickers (as every pack change does), then others' stickers it had favourited.
 *
 * Removed: tasks, stickers (with their tags, search words, favourites and reports, and their places
 * in anyone's pack), packs (with their reports), the account's favourites (the stickers' counts go
 * down), sessions, pending sign-in links, feedback, the linked Telegram account and its set records, the pictures nobody else uses, the points balance
 * (a ledger row takes it to 0). Kept, pointing at the emptied row: the points ledger, trades and
 * subscriptions (payment records), invites, reports the account filed and the moderation log. The
 * mailbox is remembered as a hash only; every stored file of the account is queued for removal.
 * AUTH_ERROR when the account is already deleted.
 */
export async function eraseAccountRows(
  tx: Tx,
  o: { userId: number; archiveKeys: readonly string[]; now: Date },
): Promise<ErasedAccount> {
  const { userId, now } = o;
  const uploads = await deleteTasksOf(tx, userId);
  const [user] = await tx
    .select({
      email: users.email,
      mailbox: users.mailbox,
      avatarPath: users.avatarPath,
      point: users.point,
      deleted: users.deleted,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!user || user.deleted) throw new AppError("AUTH_ERROR");
  // A task submitted after the first look and before the lock (the lock now keeps new ones out).
  uploads.push(...(await deleteTasksOf(tx, userId)));

  const own = await tx
    .select({
      id: stickers.id,
      stickerInstId: stickers.stickerInstId,
      picId: stickers.picId,
      originalPicId: stickers.originalPicId,
    })
    .from(stickers)
    .where(eq(stickers.ownerId, userId))
    .orderBy(asc(stickers.id));
  const ownIds = own.map((row) => row.id);
  // Pictures earlier edits took off the account's stickers (decision 0047): their notes go with the stickers.
  const replaced: string[] = [];
  for (const ids of chunksOf(ownIds)) {
    const rows = await tx
      .select({ picId: replacedPictures.picId })
      .from(replacedPictures)
      .where(inArray(replacedPictures.stickerId, ids));
    for (const row of rows) replaced.push(row.picId);
  }

  // Others' packs that hold the account's stickers: locked, then renumbered once the stickers are gone.
  const ownStickerIds = tx.select({ id: stickers.id }).from(stickers).where(eq(stickers.ownerId, userId));
  const held = ownIds.length
    ? await tx
        .selectDistinct({ id: packs.id, packId: packs.packId })
        .from(packs)
        .innerJoin(packStickers, eq(packStickers.packId, packs.id))
        .where(and(ne(packs.ownerId, userId), inArray(packStickers.stickerId, ownStickerIds)))
    : [];
  const heldIds = held.map((row) => row.id).sort((a, b) => a - b);
  for (const ids of chunksOf(heldIds)) {
    await tx.select({ id: packs.id }).from(packs).where(inArray(packs.id, ids)).orderBy(asc(packs.id)).for("update");
  }

  // The account's favourites: the stickers' counts and popularity go down as if each were taken back.
  const favourited = await tx.delete(favorites).where(eq(favorites.userId, userId)).returning({ stickerId: favorites.stickerId });
  const ownSet = new Set(ownIds);
  const others = favourited
    .map((row) => row.stickerId)
    .filter((id) => !ownSet.has(id))
    .sort((a, b) => a - b);
  for (const ids of chunksOf(others)) {
    await tx.select({ id: stickers.id }).from(stickers).where(inArray(stickers.id, ids)).orderBy(asc(stickers.id)).for("update");
    const next = sql`greatest(${stickers.favoriteCount} - 1, 0)`;
    await tx
      .update(stickers)
      .set({ favoriteCount: next, hotScore: hotScoreSql(next) })
      .where(inArray(stickers.id, ids));
  }

  const ownPacks = await tx.delete(packs).where(eq(packs.ownerId, userId)).returning({ packId: packs.packId });
  await tx.delete(stickers).where(eq(stickers.ownerId, userId));
  // Others' packs keep their places 0..n-1 (remove-sticker.ts) without the account's stickers.
  for (const ids of chunksOf(heldIds)) {
    await tx.execute(sql`
      update ${packStickers} set position = ranked.place
      from (
        select pack_id, sticker_id, (row_number() over (partition by pack_id order by position, sticker_id) - 1)::integer as place
        from ${packStickers} where pack_id in ${ids}
      ) as ranked
      where ${packStickers.packId} = ranked.pack_id and ${packStickers.stickerId} = ranked.sticker_id
        and ${packStickers.position} <> ranked.place`);
    await tx.update(packs).set({ updatedAt: now }).where(inArray(packs.id, ids));
  }

  // The pictures nobody else uses (a picture is its content's hash: two stickers may share one).
  const keys = new Set<string>(o.archiveKeys);
  // An edited sticker's original picture too (decision 0047).
  const picIds = [
    ...new Set([...own.flatMap((row) => (row.originalPicId ? [row.picId, row.originalPicId] : [row.picId])), ...replaced]),
  ];
  for (const key of (await removeUnusedPictures(tx, picIds)).keys) keys.add(key);
  // Uploaded photos and the avatar, unless another task or account uses the same file.
  const uploadKeys = [...new Set(uploads)];
  for (const batch of chunksOf(uploadKeys)) {
    const used = new Set(
      (await tx.selectDistinct({ key: tasks.inputKey }).from(tasks).where(inArray(tasks.inputKey, batch))).map((row) => row.key),
    );
    for (const key of batch) if (!used.has(key)) keys.add(key);
  }
  const avatarKey = user.avatarPath ? avatarKeyOf(user.avatarPath) : null;
  if (user.avatarPath && avatarKey) {
    const [shared] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.avatarPath, user.avatarPath), ne(users.id, userId)))
      .limit(1);
    if (!shared) keys.add(avatarKey);
  }

  if (user.point > 0) {
    await changePoints(tx, {
      userId,
      delta: -user.point,
      reason: "account deleted",
      idempotencyKey: `account-deleted:${userId}`,
    });
  }
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  if (user.email) await tx.delete(emailLinks).where(eq(emailLinks.email, user.email));
  await tx.delete(feedback).where(eq(feedback.userId, userId));
  // The linked Telegram account and our records of its sets (decision 0044); the sets stay the Telegram user's.
  await tx.delete(telegramSets).where(eq(telegramSets.userId, userId));
  await tx.delete(telegramLinkCodes).where(eq(telegramLinkCodes.userId, userId));
  await tx.delete(telegramAccounts).where(eq(telegramAccounts.userId, userId));
  if (user.mailbox) {
    // Queued with sign-ups of the mailbox: one made meanwhile sees this account or its hash, never neither.
    await lockMailbox(tx, user.mailbox);
    await tx
      .insert(deletedMailboxes)
      .values({ mailboxHash: deletedMailboxHash(user.mailbox), deletedAt: now })
      .onConflictDoNothing();
  }
  await tx
    .update(users)
    .set({
      email: null,
      mailbox: null,
      emailVerified: false,
      googleId: null,
      facebookId: null,
      openid: null,
      unionid: null,
      sessionKey: null,
      mobile: null,
      nick: "",
      avatarPath: null,
      inviteCode: null,
      loginId: null,
      deviceId: null,
      group: null,
      role: null,
      deleted: true,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));

  const queuedKeys = [...keys];
  for (const batch of chunksOf(queuedKeys)) {
    await tx
      .insert(filesToDelete)
      .values(batch.map((key) => ({ key, queuedAt: now })))
      .onConflictDoNothing();
  }
  const change: PagesChange = {
    stickers: own.map((row) => row.stickerInstId),
    packs: [...ownPacks.map((row) => row.packId), ...held.map((row) => row.packId)],
  };
  return { change, picIds, queuedKeys };
}

/** The storage key of a stored avatar's path (`/files/avatar-….webp`), or null for any other path. */
export function avatarKeyOf(path: string): string | null {
  const key = path.slice(avatarPathOf("").length);
  return path.startsWith(avatarPathOf("")) && AVATAR_KEY.test(key) ? key : null;
}
