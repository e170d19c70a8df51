/**
 * Who may load a stored file (decision 0014). A sticker picture (`{picId}.png`, `{picId}-256.webp`, and
 * the small `{picId}-160.webp` of decision 0023) is public while one public sticker or one style preview uses it; otherwise only the owner of a sticker
 * made from it sees it. An uploaded photo (`upload-….png`) is only ever its uploader's. Anything else
 * (derived downloads, a picture's layers, unknown names) is not served by name at all. A moving
 * sticker's files (`{picId}-move{n}-{preset}….webp`, decision 0041) follow the moving sticker. The answer is read from the
 * database on every request, so a sticker made private, or hidden by moderation (decision 0031), stops
 * being served at once.
 */
import { and, eq, gt, or } from "drizzle-orm";
import type { Context } from "hono";
import type { MotionPreset } from "#common/motion.ts";
import { REPLACED_PICTURE_GRACE_MS } from "#common/sticker-edit.ts";
import { AVATAR_KEY, avatarPathOf } from "../accounts/google/copy-google-avatar.ts";
import type { AppContext } from "../context.ts";
import type { Db } from "../db/client.ts";
import { replacedPictures, stickers, styles, tasks, users } from "../db/schema.ts";
import { sessionTokenOf } from "../http/api.ts";
import type { AppEnv } from "../http/env.ts";
import { respondWithError } from "../http/envelope.ts";
import { staffRoleOf } from "../moderation/staff.ts";
import { pictureConcernsModeration } from "../moderation/staff-view.ts";
import { parseMotionKey } from "../motion/motion-keys.ts";
import { resolveSession } from "../sessions/resolve-session.ts";
import { shownToEveryone } from "../stickers/shown-stickers.ts";

/** `public`: anyone, cacheable by anyone; `owner`: this viewer only; null: answer NOT_FOUND. */
export type FileAccess = "public" | "owner" | null;

/** Public files never change under their name (content-hashed): a year, immutable. */
export const PUBLIC_FILE_CACHE = "public, max-age=31536000, immutable";
/** An owner's private file: never kept by a shared cache, nor on the device after the answer. */
export const OWNER_FILE_CACHE = "private, no-store";

const PIC_ID_PATTERN = /^[a-f0-9]{32}$/;
const PICTURE_KEY = /^([a-f0-9]{32})(?:-256\.webp|-160\.webp|\.png)$/;
const UPLOAD_KEY = /^upload-[a-f0-9]{40}\.png$/;

/** Whether anyone may see the picture: a public sticker (or, when asked, a style preview) uses it. */
async function pictureIsPublic(db: Db, picId: string, stylePreviews: boolean): Promise<boolean> {
  const [sticker] = await db
    .select({ id: stickers.id })
    .from(stickers)
    .where(and(eq(stickers.picId, picId), shownToEveryone))
    .limit(1);
  if (sticker) return true;
  // A picture an edit has just replaced on a public sticker: pages opened before still show it.
  const [replaced] = await db
    .select({ id: stickers.id })
    .from(replacedPictures)
    .innerJoin(stickers, eq(stickers.id, replacedPictures.stickerId))
    .where(
      and(
        eq(replacedPictures.picId, picId),
        gt(replacedPictures.replacedAt, new Date(Date.now() - REPLACED_PICTURE_GRACE_MS)),
        shownToEveryone,
      ),
    )
    .limit(1);
  if (replaced) return true;
  if (!stylePreviews) return false;
  const [style] = await db.select({ id: styles.id }).from(styles).where(eq(styles.previewPicId, picId)).limit(1);
  return style !== undefined;
}

/** One of the user's stickers shows the picture, or kept it as the original of an edit (decision 0047). */
async function pictureIsOwnedBy(db: Db, picId: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: stickers.id })
    .from(stickers)
    .where(and(or(eq(stickers.picId, picId), eq(stickers.originalPicId, picId)), eq(stickers.ownerId, userId)))
    .limit(1);
  return row !== undefined;
}

async function uploadIsOwnedBy(db: Db, key: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.inputKey, key), eq(tasks.userId, userId)))
    .limit(1);
  return row !== undefined;
}

async function avatarIsOwnedBy(db: Db, key: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.avatarPath, avatarPathOf(key))))
    .limit(1);
  return row !== undefined;
}

/**
 * The signed-in user of a file request (same session as pages), or null for a visitor or a dead token.
 * A file's answer does not re-issue the session cookie, so it leaves the idle deadline to the calls
 * that do (decision 0017).
 */
export async function viewerIdOf(app: AppContext, c: Context<AppEnv>): Promise<number | null> {
  const token = sessionTokenOf(c, app.config);
  const viewer = token ? await resolveSession(app.database.db, token, { touch: false }) : null;
  return viewer?.userId ?? null;
}

/**
 * Access to a picture; the session is read only when the picture is not public, unless the caller read
 * it already (`viewerId`). A style preview is public as an image, but `stylePreviews: false` (downloads)
 * asks for stickers only.
 */
export async function pictureAccess(
  app: AppContext,
  c: Context<AppEnv>,
  picId: string,
  { stylePreviews = true, viewerId: known }: { stylePreviews?: boolean; viewerId?: number | null } = {},
): Promise<FileAccess> {
  if (!PIC_ID_PATTERN.test(picId)) return null;
  const db = app.database.db;
  if (await pictureIsPublic(db, picId, stylePreviews)) return "public";
  const viewerId = known !== undefined ? known : await viewerIdOf(app, c);
  if (viewerId === null) return null;
  if (await pictureIsOwnedBy(db, picId, viewerId)) return "owner";
  // Staff see the pictures of the stickers moderation concerns: hidden or reported, made private by
  // their owner since included (decisions 0031, 0035).
  return (await pictureConcernsModeration(db, picId)) && (await staffRoleOf(db, viewerId)) !== null ? "owner" : null;
}

/**
 * Access to a moving sticker's files (decision 0041): public while one public moving sticker of this
 * picture and preset is shown to everyone, else its owner's (and staff's, for a sticker moderation
 * concerns). A picture no one made move with this preset has no such files.
 */
export async function motionAccess(
  app: AppContext,
  c: Context<AppEnv>,
  picId: string,
  preset: MotionPreset,
): Promise<FileAccess> {
  if (!PIC_ID_PATTERN.test(picId)) return null;
  const db = app.database.db;
  const moving = and(eq(stickers.picId, picId), eq(stickers.motion, preset));
  const [shown] = await db.select({ id: stickers.id }).from(stickers).where(and(moving, shownToEveryone)).limit(1);
  if (shown) return "public";
  const viewerId = await viewerIdOf(app, c);
  if (viewerId === null) return null;
  const [own] = await db
    .select({ id: stickers.id })
    .from(stickers)
    .where(and(moving, eq(stickers.ownerId, viewerId)))
    .limit(1);
  if (own) return "owner";
  const [any] = await db.select({ id: stickers.id }).from(stickers).where(moving).limit(1);
  if (!any) return null;
  return (await pictureConcernsModeration(db, picId)) && (await staffRoleOf(db, viewerId)) !== null ? "owner" : null;
}

/** Access to a stored file by its key, as `/files/:key` serves it. */
export async function storedFileAccess(app: AppContext, c: Context<AppEnv>, key: string): Promise<FileAccess> {
  const picture = PICTURE_KEY.exec(key);
  if (picture?.[1]) return pictureAccess(app, c, picture[1]);
  const motion = parseMotionKey(key);
  // The picker's preview is of a picture the viewer may see; a made sticker's files follow the moving sticker.
  if (motion) {
    return motion.file === "preview"
      ? pictureAccess(app, c, motion.picId, { stylePreviews: false })
      : motionAccess(app, c, motion.picId, motion.preset);
  }
  if (AVATAR_KEY.test(key)) {
    // A face: only its own user loads it (the header's avatar, decision 0029).
    const viewerId = await viewerIdOf(app, c);
    return viewerId !== null && (await avatarIsOwnedBy(app.database.db, key, viewerId)) ? "owner" : null;
  }
  if (!UPLOAD_KEY.test(key)) return null;
  const viewerId = await viewerIdOf(app, c);
  return viewerId !== null && (await uploadIsOwnedBy(app.database.db, key, viewerId)) ? "owner" : null;
}

export function cacheControlOf(access: "public" | "owner"): string {
  return access === "public" ? PUBLIC_FILE_CACHE : OWNER_FILE_CACHE;
}

/** An error answer of a file route: the envelope, never stored (a 404 may turn into the file once shared). */
export function respondWithFileError(c: Context<AppEnv>, error: unknown): Response {
  const response = respondWithError(c, error);
  response.headers.set("Cache-Control", "no-store");
  return response;
}
