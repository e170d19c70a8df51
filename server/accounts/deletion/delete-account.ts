import { and, eq } from "drizzle-orm";
import { AppError, isAppError } from "#common/errors.ts";
import { FREE_PLAN_ID } from "#common/plans.ts";
import { subscribe } from "#server/billing/subscribe.ts";
import type { AppContext } from "#server/context.ts";
import { events, users } from "#server/db/schema.ts";
import { DERIVED_FILE_PREFIX } from "#server/downloads/derived-files.ts";
import { sweepQueuedFiles } from "#server/maintenance/sweep-queued-files.ts";
import { changePublicContent } from "#server/pages/page-changes.ts";
import type { Storage } from "#server/storage/storage.ts";
import { confirms } from "./account-summary.ts";
import { eraseAccountRows } from "./erase-account-rows.ts";
import { packArchiveKeysOf } from "./pack-archive-keys.ts";

export interface DeletedAccount {
  deleted: true;
  /** Whether a paid plan was cancelled (no further charge) on the way. */
  planCancelled: boolean;
}

/**
 * `POST /api/account/delete` (decision 0037), for the signed-in user who typed their e-mail address
 * (ACCOUNT_DELETE_UNCONFIRMED otherwise):
 * 1. a paid plan is cancelled at the provider first, through the same `subscribe` (plan 0) as choosing
 *    the free plan; if the provider cannot be reached, nothing is deleted (PAYMENT_PROVIDER_ERROR), so
 *    no account is ever gone while its plan still renews;
 * 2. one transaction erases the account's rows and queues its stored files (`eraseAccountRows`), and
 *    every process drops the public pages and lists that showed its stickers and packs;
 * 3. then the files are removed from storage (what fails stays queued for the sweep), the derived
 *    downloads of its pictures too, and its analytics events lose their user id.
 */
export async function deleteAccount(app: AppContext, userId: number, o: { confirmation: string }): Promise<DeletedAccount> {
  const db = app.database.db;
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.deleted, false)));
  if (!user) throw new AppError("AUTH_ERROR");
  if (!confirms(o.confirmation, user.email)) throw new AppError("ACCOUNT_DELETE_UNCONFIRMED");

  const planCancelled = await cancelPaidPlan(app, userId);
  const archiveKeys = await packArchiveKeysOf(app, userId);
  const erased = await changePublicContent(db, async (tx) => {
    const rows = await eraseAccountRows(tx, { userId, archiveKeys, now: new Date() });
    return { value: rows, change: rows.change };
  });
  app.log.info({ userId, pictures: erased.picIds.length, files: erased.queuedKeys.length }, "account deleted");

  const swept = await sweepQueuedFiles(app.storage, db, { keys: erased.queuedKeys });
  if (swept.failed > 0) app.log.warn({ userId, failed: swept.failed }, "deleted account's files left queued for the sweep");
  await removeDerivedFilesOf(app.storage, erased.picIds).catch((error: unknown) =>
    app.log.warn({ err: error, userId }, "deleted account's derived downloads left to the sweep"),
  );
  await db.update(events).set({ userId: null }).where(eq(events.userId, userId));
  return { deleted: true, planCancelled };
}

/** A paid plan's cancel at period end, before anything is deleted; true when there was one to cancel. */
async function cancelPaidPlan(app: AppContext, userId: number): Promise<boolean> {
  try {
    await subscribe(app, userId, { plan: FREE_PLAN_ID });
    return true;
  } catch (error) {
    if (isAppError(error, "ALREADY_FREE")) return false;
    app.log.error({ err: error, userId }, "account not deleted: its paid plan could not be cancelled");
    if (isAppError(error)) throw error;
    throw new AppError("PAYMENT_PROVIDER_ERROR", "cancel before account deletion failed", { cause: error });
  }
}

/** `derived-{variant}-{picId}-…` (derived-files.ts; a variant may hold hyphens: `telegram-emoji`, `motion-wiggle`): the picture a file was made from. */
const DERIVED_PICTURE = /^derived-[a-z-]+?-([a-f0-9]{32})-/;

/**
 * The watermarked downloads and messenger sizes made from these pictures, in every version and for
 * every domain they were made for (their names carry the picture). A cache no row names: the sweep
 * removes any left by a failure within EXPORT_FILES_MAX_AGE_DAYS (decision 0034).
 */
async function removeDerivedFilesOf(storage: Storage, picIds: readonly string[]): Promise<void> {
  if (picIds.length === 0) return;
  const wanted = new Set(picIds);
  for await (const entry of storage.list(DERIVED_FILE_PREFIX)) {
    const picId = DERIVED_PICTURE.exec(entry.key)?.[1];
    if (picId && wanted.has(picId)) await storage.delete(entry.key);
  }
}
