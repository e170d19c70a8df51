import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { type Unzipped, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "#common/i18n/catalogs.ts";
import { MONTHLY_PLAN_ID } from "#common/plans.ts";
import type { SandboxProvider } from "#server/billing/sandbox/sandbox-provider.ts";
import { subscribe } from "#server/billing/subscribe.ts";
import { stickers, styles, users } from "#server/db/schema.ts";
import { changePoints } from "#server/points/change-points.ts";
import { sessionCookieName } from "#server/sessions/session-cookie.ts";
import { hotScore } from "#server/stickers/hot-score.ts";
import { engineName } from "#tests/support/engine.ts";
import { callApi, signInTestUser, storedPicture, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, signedRequest, type TestApp } from "#tests/support/test-app.ts";
import { ACCOUNT_EXPORT_PATH, ACCOUNT_EXPORTS_PER_HOUR } from "./routes.ts";

/** "Download my data" (decision 0037): one zip of everything of the account, to that account only. */
let t: TestApp;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.database.db.insert(styles).values({ key: "cartoon", names: { en: "Cartoon" } });
});
afterAll(async () => {
  await (t?.app.billing.sandbox as SandboxProvider | null)?.drain();
  await closeTestApp(t);
});

const db = () => t.app.database.db;

async function newUser(prefix = "export"): Promise<TestSession> {
  seq += 1;
  return signInTestUser(t, `${prefix}${seq}@example.com`);
}

/** A sticker of `ownerId` on a stored picture of its own colour; its public id and the stored PNG's bytes. */
async function stickerOf(
  ownerId: number,
  o: { visibility?: "public" | "private"; name?: string; prompt?: string } = {},
): Promise<{ stickerInstId: string; png: Buffer }> {
  seq += 1;
  const picId = await storedPicture(t, (seq * 37) % 256);
  const [style] = await db().select({ id: styles.id }).from(styles).limit(1);
  const stickerInstId = `ex${seq}${randomBytes(4).toString("hex")}`;
  await db()
    .insert(stickers)
    .values({
      stickerInstId,
      picId,
      name: o.name ?? `export sticker ${seq}`,
      prompt: o.prompt ?? `a prompt ${seq}`,
      ownerId,
      visibility: o.visibility ?? "public",
      styleId: style?.id ?? null,
      hotScore: hotScore(0, new Date()),
    });
  const file = await t.app.storage.get(`${picId}.png`);
  return { stickerInstId, png: file!.body };
}

/** GET /files/account/export as the page asks for it: the session's cookie, signed with its key. */
async function exportAs(session: TestSession | null, o: { key?: string; language?: string; unsigned?: boolean } = {}) {
  const headers: Record<string, string> = { "Accept-Language": o.language ?? "en-US" };
  if (session) headers.Cookie = `${sessionCookieName(t.app.config)}=${session.token}`;
  if (o.unsigned) return t.server.request(`http://localhost${ACCOUNT_EXPORT_PATH}`, { headers });
  return t.server.request(
    await signedRequest("GET", ACCOUNT_EXPORT_PATH, {
      key: o.key ?? session?.signingKey ?? t.app.config.CLIENT_SIGNING_KEY,
      headers,
    }),
  );
}

async function archiveOf(response: Response): Promise<Unzipped> {
  expect(response.status).toBe(200);
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}

// biome-ignore lint/suspicious/noExplicitAny: the archive's JSON files are read loosely.
const jsonOf = (files: Unzipped, name: string): any => JSON.parse(new TextDecoder().decode(files[name]));

describe(`Download my data (${engineName})`, () => {
  it("the archive holds account.json, payments.json, ledger.json, favourites.json, stickers.json, packs.json and every sticker of the account as its stored PNG", async () => {
    const owner = await newUser();
    const other = await newUser();
    await db().update(users).set({ nick: "Ada", inviteCode: "ADAINVITE", locale: "fr" }).where(eq(users.id, owner.userId));
    await changePoints(db(), { userId: owner.userId, delta: 12, reason: "test", idempotencyKey: `export-grant:${owner.userId}` });
    const mine = await stickerOf(owner.userId, { name: "Fox in a scarf", prompt: "a fox with a striped scarf" });
    const secret = await stickerOf(owner.userId, { visibility: "private", name: "My secret" });
    const theirs = await stickerOf(other.userId, { name: "Their cloud" });
    const madePrivate = await stickerOf(other.userId, { name: "Gone private" });
    for (const sticker of [theirs, madePrivate]) {
      expect(
        (await callApi(t, "POST", "/api/favorite", { body: { stickerInstId: sticker.stickerInstId }, session: owner })).body
          .status,
      ).toBe(200);
    }
    await db().update(stickers).set({ visibility: "private" }).where(eq(stickers.stickerInstId, madePrivate.stickerInstId));
    const pack = await callApi(t, "POST", "/api/pack/create", {
      body: {
        name: "Best of",
        visibility: "public",
        stickerInstIds: [theirs.stickerInstId, mine.stickerInstId, secret.stickerInstId],
      },
      session: owner,
    });
    expect(pack.body.status).toBe(200);
    const url = await subscribe(t.app, owner.userId, { plan: MONTHLY_PLAN_ID });
    await (t.app.billing.sandbox as SandboxProvider).pay(url.split("/").pop() as string);
    await (t.app.billing.sandbox as SandboxProvider).drain();

    const response = await exportAs(owner);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="sticker-studio-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const files = await archiveOf(response);
    expect(Object.keys(files).sort()).toEqual(
      [
        "account.json",
        "favourites.json",
        "ledger.json",
        "packs.json",
        "payments.json",
        "stickers.json",
        `stickers/${mine.stickerInstId}.png`,
        `stickers/${secret.stickerInstId}.png`,
      ].sort(),
    );
    expect(Buffer.from(files[`stickers/${mine.stickerInstId}.png`]!).equals(mine.png)).toBe(true);
    expect(Buffer.from(files[`stickers/${secret.stickerInstId}.png`]!).equals(secret.png)).toBe(true);

    const account = jsonOf(files, "account.json");
    expect(account).toMatchObject({
      id: owner.userId,
      displayName: "Ada",
      language: "fr",
      points: 12,
      inviteCode: "ADAINVITE",
      plan: { planId: MONTHLY_PLAN_ID, interval: "month", cancelAtPeriodEnd: false },
    });
    expect(account.email).toMatch(/^export\d+@example\.com$/);
    expect(
      jsonOf(files, "ledger.json").map((row: { delta: number; balanceAfter: number }) => [row.delta, row.balanceAfter]),
    ).toEqual([[12, 12]]);
    const payments = jsonOf(files, "payments.json");
    expect(payments.subscriptions).toEqual([expect.objectContaining({ provider: "sandbox", planId: MONTHLY_PLAN_ID })]);
    expect(payments.payments.map((row: { kind: string }) => row.kind)).toContain("trial");

    // Favourites the owner may still see: the one made private since is left out.
    expect(jsonOf(files, "favourites.json")).toEqual([
      expect.objectContaining({
        stickerInstId: theirs.stickerInstId,
        name: "Their cloud",
        url: expect.stringContaining(`/sticker/${theirs.stickerInstId}/`),
      }),
    ]);
    const index = jsonOf(files, "stickers.json");
    expect(index).toEqual([
      expect.objectContaining({
        stickerInstId: mine.stickerInstId,
        name: "Fox in a scarf",
        prompt: "a fox with a striped scarf",
        visibility: "public",
        hiddenByModeration: false,
        file: `stickers/${mine.stickerInstId}.png`,
        url: `${t.app.config.PUBLIC_URL}/sticker/${mine.stickerInstId}/fox-in-a-scarf`,
      }),
      expect.objectContaining({
        stickerInstId: secret.stickerInstId,
        visibility: "private",
        file: `stickers/${secret.stickerInstId}.png`,
      }),
    ]);
    expect(index[0].style).toBe("cartoon");
    expect(Date.parse(index[0].createdAt)).not.toBeNaN();
    const packs = jsonOf(files, "packs.json");
    expect(packs).toEqual([
      expect.objectContaining({
        packId: pack.body.data.packId,
        name: "Best of",
        visibility: "public",
        url: `${t.app.config.PUBLIC_URL}/pack/${pack.body.data.packId}/best-of`,
      }),
    ]);
    expect(
      packs[0].stickers.map((s: { position: number; stickerInstId: string; mine: boolean; file: string | null }) => [
        s.position,
        s.stickerInstId,
        s.mine,
        s.file,
      ]),
    ).toEqual([
      [0, theirs.stickerInstId, false, null],
      [1, mine.stickerInstId, true, `stickers/${mine.stickerInstId}.png`],
      [2, secret.stickerInstId, true, `stickers/${secret.stickerInstId}.png`],
    ]);
  });

  it("the archive is written as it is sent: when its first bytes arrive, most of the account's pictures are not read yet", async () => {
    const owner = await newUser();
    const count = 8;
    for (let i = 0; i < count; i += 1) await stickerOf(owner.userId);
    const storage = t.app.storage;
    const get = storage.get.bind(storage);
    let pictureReads = 0;
    storage.get = async (key) => {
      if (key.endsWith(".png")) pictureReads += 1;
      return get(key);
    };
    try {
      const response = await exportAs(owner);
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const first = await reader.read();
      expect(first.done).toBe(false);
      expect(pictureReads).toBeLessThan(count / 2);
      let rest = 0;
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += chunk.value.length;
      expect(rest).toBeGreaterThan(0);
      expect(pictureReads).toBe(count);
    } finally {
      storage.get = get;
    }
  });

  it("a sticker whose picture storage lost is listed with file null and the archive still opens", async () => {
    const owner = await newUser();
    const kept = await stickerOf(owner.userId);
    const lost = await stickerOf(owner.userId);
    const [row] = await db()
      .select({ picId: stickers.picId })
      .from(stickers)
      .where(eq(stickers.stickerInstId, lost.stickerInstId));
    await t.app.storage.delete(`${row!.picId}.png`);
    const files = await archiveOf(await exportAs(owner));
    expect(Object.keys(files).filter((name) => name.startsWith("stickers/"))).toEqual([`stickers/${kept.stickerInstId}.png`]);
    expect(jsonOf(files, "stickers.json").map((s: { file: string | null }) => s.file)).toEqual([
      `stickers/${kept.stickerInstId}.png`,
      null,
    ]);
  });

  it("each user gets only their own archive: there is no id to ask for, and another session's key or a missing signature is refused", async () => {
    const alice = await newUser("alice");
    const bob = await newUser("bob");
    const alices = await stickerOf(alice.userId, { visibility: "private" });
    const bobs = await stickerOf(bob.userId, { visibility: "private" });
    const bobFiles = await archiveOf(await exportAs(bob));
    expect(Object.keys(bobFiles)).toContain(`stickers/${bobs.stickerInstId}.png`);
    expect(Object.keys(bobFiles)).not.toContain(`stickers/${alices.stickerInstId}.png`);
    expect(jsonOf(bobFiles, "account.json").id).toBe(bob.userId);
    expect(JSON.stringify(jsonOf(bobFiles, "stickers.json"))).not.toContain(alices.stickerInstId);

    // Alice's cookie with Bob's signing key (a forged page), and her cookie alone (a link from elsewhere).
    const forged = await exportAs(alice, { key: bob.signingKey });
    expect([forged.status, (await forged.json()).status]).toEqual([401, "SIGNATURE_INVALID"]);
    const bare = await exportAs(alice, { unsigned: true });
    expect([bare.status, (await bare.json()).status]).toEqual([401, "SIGNATURE_MISSING"]);
    const visitor = await exportAs(null);
    expect([visitor.status, (await visitor.json()).status, visitor.headers.get("cache-control")]).toEqual([
      401,
      "AUTH_ERROR",
      "no-store",
    ]);
  });

  it(`past ${ACCOUNT_EXPORTS_PER_HOUR} archives an hour a user gets RATE_LIMITED with the message in their language; another user is not held back`, async () => {
    const busy = await newUser();
    for (let i = 0; i < ACCOUNT_EXPORTS_PER_HOUR; i += 1) await archiveOf(await exportAs(busy));
    const refused = await exportAs(busy, { language: "de" });
    const body = await refused.json();
    expect([refused.status, body.status, body.msgKey]).toEqual([429, "RATE_LIMITED", "errors.rateLimited"]);
    expect(body.msg).toBe(translate("de", "errors.rateLimited"));
    await archiveOf(await exportAs(await newUser()));
  });
});
