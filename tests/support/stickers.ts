/** Fixtures shared by the browsing tests: a seeded gallery, signed-in users, signed calls. */
import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { STANDING_MIN_ACCOUNT_HOURS, STANDING_MIN_STICKERS } from "#common/moderation.ts";
import { mailboxOf } from "#server/accounts/mailbox.ts";
import { pictures, sessions, stickers, stickerTags, users } from "#server/db/schema.ts";
import { createOfflineProvider, storeStickerImages } from "#server/generation/index.ts";
import { grantRole } from "#server/moderation/grant-role.ts";
import { seedDatabase } from "#server/seed/seed-database.ts";
import { hashToken } from "#server/sessions/resolve-session.ts";
import { sessionCookieName } from "#server/sessions/session-cookie.ts";
import { hotScore } from "#server/stickers/hot-score.ts";
import { COMMUNITY_TAG } from "#server/stickers/tags.ts";
import { createTestApp, signedRequest, type TestApp } from "./test-app.ts";

/** A test app whose community gallery the generator drew, as on first start (~60 ms a sticker). */
export async function createGalleryTestApp(gallerySize: number, env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp(env);
  await seedDatabase(t.app, createOfflineProvider(), { gallerySize });
  return t;
}

export interface TestSession {
  userId: number;
  token: string;
  signingKey: string;
}

/** A user with a live session, as sign-in leaves it (with the address's mailbox, decision 0016). */
export async function signInTestUser(t: TestApp, email: string): Promise<TestSession> {
  const db = t.app.database.db;
  const [user] = await db
    .insert(users)
    .values({ email, mailbox: mailboxOf(email) })
    .returning({ id: users.id });
  if (!user) throw new Error("no user row");
  const token = `token-${email}`;
  const signingKey = `signing-key-${email}-0123456789`;
  await db.insert(sessions).values({
    userId: user.id,
    tokenHash: hashToken(token),
    signingKey,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return { userId: user.id, token, signingKey };
}

let inserted = 0;

/**
 * `n` stickers of `ownerId`, each on a picture of its own (rows only, no files), inserted in one go as
 * finished tasks leave them, named and prompted "zorblat {n}" (a word no lexicon knows) unless a name or a
 * prompt is given.
 */
export async function insertStickers(
  t: TestApp,
  ownerId: number,
  n: number,
  o: { visibility?: "public" | "private"; prompt?: string; name?: string; locale?: string } = {},
): Promise<{ stickerInstId: string; id: number }[]> {
  const db = t.app.database.db;
  const now = new Date();
  const rows = Array.from({ length: n }, () => {
    inserted += 1;
    return {
      stickerInstId: `ts${inserted}x${randomBytes(4).toString("hex")}`,
      picId: randomBytes(16).toString("hex"),
      n: inserted,
    };
  });
  await db.insert(pictures).values(
    rows.map((row) => ({
      id: row.picId,
      width: 512,
      height: 512,
      pngKey: `${row.picId}.png`,
      thumbKey: `${row.picId}-thumb.webp`,
    })),
  );
  return db
    .insert(stickers)
    .values(
      rows.map((row) => ({
        stickerInstId: row.stickerInstId,
        picId: row.picId,
        name: o.name ?? `zorblat ${row.n}`,
        prompt: o.prompt ?? `zorblat ${row.n}`,
        locale: o.locale ?? "en",
        ownerId,
        visibility: o.visibility ?? "public",
        hotScore: hotScore(0, now),
        createdAt: now,
      })),
    )
    .returning({ stickerInstId: stickers.stickerInstId, id: stickers.id });
}

/**
 * Gives these accounts standing (decision 0035), so their reports and favourites count: created
 * STANDING_MIN_ACCOUNT_HOURS and an hour ago, with STANDING_MIN_STICKERS private stickers made.
 */
/** A signed-in member of staff, given `role` as `npm run grant-role` gives it (decision 0031). */
export async function signInStaff(t: TestApp, email: string, role: "moderator" | "admin"): Promise<TestSession> {
  const session = await signInTestUser(t, email);
  await grantRole(t.app.database.db, { email, role });
  return session;
}

export async function giveStanding(t: TestApp, ...sessions: TestSession[]): Promise<void> {
  const ids = sessions.map((session) => session.userId);
  if (ids.length === 0) return;
  const bornAt = new Date(Date.now() - (STANDING_MIN_ACCOUNT_HOURS + 1) * 3600_000);
  await t.app.database.db.update(users).set({ createdAt: bornAt }).where(inArray(users.id, ids));
  for (const id of ids) await insertStickers(t, id, STANDING_MIN_STICKERS, { visibility: "private" });
}

/** A user with a live session whose reports and favourites count toward moderation (decision 0035). */
export async function signInStandingUser(t: TestApp, email: string): Promise<TestSession> {
  const session = await signInTestUser(t, email);
  await giveStanding(t, session);
  return session;
}

/** A private sticker of `ownerId`, made from an existing picture and tagged community (lists must skip it). */
export async function addPrivateSticker(t: TestApp, ownerId: number, stickerInstId: string): Promise<void> {
  const db = t.app.database.db;
  const [picture] = await db.select({ picId: stickers.picId }).from(stickers).limit(1);
  if (!picture) throw new Error("seed a gallery first");
  const createdAt = new Date();
  const [row] = await db
    .insert(stickers)
    .values({
      stickerInstId,
      picId: picture.picId,
      name: "my secret sticker",
      prompt: "my secret sticker",
      ownerId,
      visibility: "private",
      favoriteCount: 1000,
      hotScore: hotScore(1000, createdAt),
      createdAt,
    })
    .returning({ id: stickers.id });
  await db.insert(stickerTags).values({ stickerId: row!.id, tagId: COMMUNITY_TAG });
}

/**
 * A 512 px picture of one colour (`red` tells pictures apart), stored as a finished task stores it
 * (PNG and thumbnails, its `pictures` row); returns its picture id.
 */
export async function storedPicture(t: TestApp, red: number): Promise<string> {
  const png = await sharp({ create: { width: 512, height: 512, channels: 4, background: { r: red, g: 90, b: 160, alpha: 1 } } })
    .png()
    .toBuffer();
  const stored = await storeStickerImages(t.app.storage, png);
  await t.app.database.db
    .insert(pictures)
    .values({ id: stored.id, width: 512, height: 512, pngKey: stored.png, thumbKey: stored.thumb })
    .onConflictDoNothing();
  return stored.id;
}

export async function stickerIdOf(t: TestApp, stickerInstId: string): Promise<number> {
  const [row] = await t.app.database.db
    .select({ id: stickers.id })
    .from(stickers)
    .where(eq(stickers.stickerInstId, stickerInstId));
  if (!row) throw new Error(`no sticker ${stickerInstId}`);
  return row.id;
}

/** Calls the API signed as the page signs it: as a visitor, or in a session. */
export async function callApi(
  t: TestApp,
  method: "GET" | "POST",
  path: string,
  options: { params?: Record<string, string>; body?: unknown; form?: FormData; session?: TestSession; language?: string } = {},
) {
  const headers: Record<string, string> = { "Accept-Language": options.language ?? "en-US" };
  if (options.session) headers.Cookie = `${sessionCookieName(t.app.config)}=${options.session.token}`;
  const response = await t.server.request(
    await signedRequest(method, path, {
      key: options.session?.signingKey ?? t.app.config.CLIENT_SIGNING_KEY,
      ...(options.params ? { params: options.params } : {}),
      ...(options.body !== undefined ? { body: options.body } : {}),
      ...(options.form ? { form: options.form } : {}),
      headers,
    }),
  );
  // biome-ignore lint/suspicious/noExplicitAny: the envelope's data differs per call; tests read it loosely.
  return { http: response.status, body: (await response.json()) as { status: number | string; data: any; msgKey?: string } };
}
