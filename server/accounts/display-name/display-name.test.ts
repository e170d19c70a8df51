import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISPLAY_NAME_CHANGES_PER_HOUR, DISPLAY_NAME_MAX_LENGTH } from "#common/names.ts";
import type { PageRenderer } from "#server/app.ts";
import { stickers, users } from "#server/db/schema.ts";
import { getPack } from "#server/packs/get-pack.ts";
import { PAGE_CACHE_HEADER } from "#server/pages/page-cache.ts";
import { pageChangesListening } from "#server/pages/page-changes.ts";
import { hotScore } from "#server/stickers/hot-score.ts";
import { HOSTILE_NAMES } from "#tests/fixtures/hostile-names.ts";
import { signInByEmail } from "#tests/support/accounts.ts";
import { describeOnPostgres, engineName } from "#tests/support/engine.ts";
import { callApi, signInTestUser, storedPicture, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { firstDisplayName } from "./display-name.ts";
import { generatedDisplayName, NAME_ADJECTIVES, NAME_ANIMALS } from "./generated-name.ts";

/** A name the generator gives: one of its adjectives, one of its animals, 100..999. */
const GENERATED = new RegExp(`^(${NAME_ADJECTIVES.join("|")}) (${NAME_ANIMALS.join("|")}) [1-9]\\d\\d$`);

/** A pack page as the real one reads it: the pack service for a visitor, its owner's name in the text. */
const renderPage: PageRenderer = async (request, context) => {
  const packId = new URL(request.url).pathname.match(/^\/pack\/([^/]+)/)?.[1];
  if (!packId) return new Response("<!doctype html><p>page</p>", { headers: { "Content-Type": "text/html" } });
  const pack = await getPack(context.app.database.db, { packId, viewerId: null });
  return new Response(`<!doctype html><h1>${pack.packId}</h1><p class="by">by ${pack.owner.name}</p>`, {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
};

/** An app whose visitors' pages are cached for a minute, so only a dropped entry renders anew. */
async function appWithPageCache(env: Record<string, string> = {}): Promise<TestApp> {
  const made = await createTestApp(
    { PAGE_CACHE_SECONDS: "60", DOWNLOAD_RATE_LIMIT_PER_MINUTE: "100000", ...env },
    { renderPage },
  );
  await pageChangesListening(made.app.database.db);
  return made;
}

let made = 0;

/** A public pack of `ownerId` holding three public stickers whose pictures are stored (exportable for WhatsApp). */
async function publicPackOf(t: TestApp, owner: TestSession): Promise<string> {
  const ids: string[] = [];
  for (let index = 0; index < 3; index += 1) {
    made += 1;
    const picId = await storedPicture(t, (made * 37) % 256);
    const stickerInstId = `dn${made}x${randomBytes(4).toString("hex")}`;
    await t.app.database.db.insert(stickers).values({
      stickerInstId,
      picId,
      name: `display name ${made}`,
      prompt: `display name ${made}`,
      ownerId: owner.userId,
      visibility: "public",
      hotScore: hotScore(0, new Date()),
    });
    ids.push(stickerInstId);
  }
  const created = await callApi(t, "POST", "/api/pack/create", {
    body: { name: "Named pack", visibility: "public", stickerInstIds: ids },
    session: owner,
  });
  expect(created.body.status).toBe(200);
  return created.body.data.packId as string;
}

function rename(t: TestApp, session: TestSession | undefined, name: unknown, language = "en-US") {
  return callApi(t, "POST", "/api/user/name", { body: { name }, ...(session ? { session } : {}), language });
}

function visit(t: TestApp, path: string) {
  return t.server.request(`http://localhost${path}`, { headers: { "Accept-Language": "en-US" } });
}

/** The WhatsApp export of a public pack as a visitor downloads it: author.txt and contents.json's publisher. */
async function whatsappAuthor(t: TestApp, packId: string) {
  const response = await t.server.request(`http://localhost/files/pack/${packId}/whatsapp`);
  expect(response.status).toBe(200);
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  const text = (name: string) => new TextDecoder().decode(files[name]);
  return {
    author: text("author.txt"),
    publisher: JSON.parse(text("contents.json")).sticker_packs[0].publisher as string,
    etag: response.headers.get("etag"),
  };
}

describe("generated display names", () => {
  it("are an adjective, an animal and a number, and the same picks give the same name", () => {
    const picks = [3, 40, 327];
    const pickFrom = (list: number[]) => () => list.shift() ?? 0;
    expect(generatedDisplayName(pickFrom([...picks]))).toBe(`${NAME_ADJECTIVES[3]} ${NAME_ANIMALS[40]} 427`);
    expect(generatedDisplayName(pickFrom([...picks]))).toBe(generatedDisplayName(pickFrom([...picks])));
    for (let index = 0; index < 200; index += 1) expect(generatedDisplayName()).toMatch(GENERATED);
  });

  it("a new account keeps a usable Google profile name, cut to the length, and gets a generated one instead of its address", () => {
    expect(firstDisplayName({ email: "g@example.com", googleName: "  Grace Hopper " })).toBe("Grace Hopper");
    expect(firstDisplayName({ email: "g@example.com", googleName: "G".repeat(60) })).toBe("G".repeat(DISPLAY_NAME_MAX_LENGTH));
    for (const googleName of [null, "", "   ", "line\nbreak", "grace.hopper", "Grace.Hopper", "grace.hopper@example.com"])
      expect(firstDisplayName({ email: "grace.hopper@example.com", googleName })).toMatch(GENERATED);
  });
});

describe(`display names (${engineName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWithPageCache();
  });
  afterAll(() => closeTestApp(t));

  it("gives a new e-mail account a generated name, never the address's local part, in its user info", async () => {
    const session = await signInByEmail(t, "Alan.Turing+stickers@example.com");
    const info = await callApi(t, "GET", "/api/user/refreshUserInfo", { session });
    expect(info.body.data.nick).toMatch(GENERATED);
    expect(info.body.data.nick.toLowerCase()).not.toContain("alan");
    // Signing in again keeps the name it was given.
    const again = await signInByEmail(t, "alan.turing+stickers@example.com");
    expect(again.userId).toBe(session.userId);
    expect((await callApi(t, "GET", "/api/user/refreshUserInfo", { session: again })).body.data.nick).toBe(info.body.data.nick);
  });

  it("POST /api/user/name stores the trimmed name and answers the user info with it", async () => {
    const session = await signInTestUser(t, "ada@example.com");
    const answer = await rename(t, session, "  Ada Lovelace \t");
    expect(answer.http).toBe(200);
    expect(answer.body.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id: session.userId, email: "ada@example.com", nick: "Ada Lovelace" });
    expect(typeof answer.body.data.signingKey).toBe("string");
    expect((await callApi(t, "GET", "/api/user/refreshUserInfo", { session })).body.data.nick).toBe("Ada Lovelace");
    // Up to 40 characters counted as people count them: 40 emoji are 80 UTF-16 units.
    const emoji = "🦦".repeat(DISPLAY_NAME_MAX_LENGTH);
    expect((await rename(t, session, emoji)).body.data.nick).toBe(emoji);
    // Stored in NFC, as pack names are.
    expect((await rename(t, session, "Zoe\u0301")).body.data.nick).toBe("Zoé");
  });

  it("refuses an empty, too long or multi-line name with DISPLAY_NAME_INVALID in the caller's language, and keeps the old one", async () => {
    const session = await signInTestUser(t, "refused@example.com");
    await rename(t, session, "Kept Name");
    for (const name of ["", "   ", "x".repeat(DISPLAY_NAME_MAX_LENGTH + 1), "two\nlines", "tab\there", "bell\u0007"]) {
      const answer = await rename(t, session, name);
      expect(answer.http, JSON.stringify(name)).toBe(400);
      expect(answer.body).toMatchObject({
        status: "DISPLAY_NAME_INVALID",
        data: null,
        msgKey: "errors.displayNameInvalid",
        msg: `Choose a display name of 1 to ${DISPLAY_NAME_MAX_LENGTH} characters, on one line.`,
      });
    }
    const french = await rename(t, session, "", "fr-FR");
    expect(french.body).toMatchObject({ status: "DISPLAY_NAME_INVALID" });
    expect((french.body as { msg?: string }).msg).toBe(
      `Choisissez un nom affiché de 1 à ${DISPLAY_NAME_MAX_LENGTH} caractères, sur une seule ligne.`,
    );
    // Not a string at all: the schema's answer.
    const notText = await rename(t, session, 42);
    expect(notText.http).toBe(400);
    expect(notText.body.status).toBe("INVALID_INPUT");
    expect((await callApi(t, "GET", "/api/user/refreshUserInfo", { session })).body.data.nick).toBe("Kept Name");
  });

  it.each(HOSTILE_NAMES)(
    "takes the hostile name $label as pack names take it (decision 0040): kept as sent within 40 characters, shown on the pack and in its export, or refused",
    async (hostile) => {
      const owner = await signInTestUser(t, `hostile-${randomBytes(4).toString("hex")}@example.com`);
      const kept = hostile.text.normalize("NFC").trim();
      const answer = await rename(t, owner, hostile.text);
      if (hostile.refused === "INVALID_INPUT") {
        expect(answer.body.status).toBe("INVALID_INPUT");
        return;
      }
      if (hostile.refused !== null || [...kept].length > DISPLAY_NAME_MAX_LENGTH) {
        expect(answer.http).toBe(400);
        expect(answer.body.status).toBe("DISPLAY_NAME_INVALID");
        return;
      }
      expect(answer.body.data.nick).toBe(kept);
      const packId = await publicPackOf(t, owner);
      expect((await callApi(t, "GET", "/api/pack/get", { params: { packId } })).body.data.owner).toEqual({ name: kept });
      expect(await whatsappAuthor(t, packId)).toMatchObject({ author: kept, publisher: kept });
    },
  );

  it("is the signed-in user's own: a visitor gets AUTH_ERROR", async () => {
    const answer = await rename(t, undefined, "Nobody");
    expect(answer.http).toBe(401);
    expect(answer.body.status).toBe("AUTH_ERROR");
  });

  it(`allows ${DISPLAY_NAME_CHANGES_PER_HOUR} changes an hour per user, then RATE_LIMITED; refused names do not count`, async () => {
    const session = await signInTestUser(t, "often@example.com");
    const other = await signInTestUser(t, "other-often@example.com");
    for (let index = 0; index < 5; index += 1) expect((await rename(t, session, "")).body.status).toBe("DISPLAY_NAME_INVALID");
    for (let index = 0; index < DISPLAY_NAME_CHANGES_PER_HOUR; index += 1)
      expect((await rename(t, session, `Name ${index}`)).body.status).toBe(200);
    const limited = await rename(t, session, "One Too Many");
    expect(limited.http).toBe(429);
    expect(limited.body).toMatchObject({ status: "RATE_LIMITED", msgKey: "errors.rateLimited" });
    expect((await callApi(t, "GET", "/api/user/refreshUserInfo", { session })).body.data.nick).toBe(
      `Name ${DISPLAY_NAME_CHANGES_PER_HOUR - 1}`,
    );
    // Counted per user.
    expect((await rename(t, other, "Still Free")).body.status).toBe(200);
  });

  it("shows the new name on the pack page at once, though visitors' pages are cached, and in new WhatsApp exports", async () => {
    const owner = await signInTestUser(t, "packer@example.com");
    await rename(t, owner, "Old Name");
    const packId = await publicPackOf(t, owner);
    const first = await visit(t, `/pack/${packId}`);
    expect(first.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect(await first.text()).toContain("by Old Name");
    expect((await visit(t, `/pack/${packId}`)).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    const before = await whatsappAuthor(t, packId);
    expect(before).toMatchObject({ author: "Old Name", publisher: "Old Name" });

    expect((await rename(t, owner, "New Name")).body.status).toBe(200);

    // The entry would live 60 s more: only the rename can have dropped it.
    const after = await visit(t, `/pack/${packId}`);
    expect(after.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect(await after.text()).toContain("by New Name");
    expect((await callApi(t, "GET", "/api/pack/get", { params: { packId } })).body.data.owner).toEqual({ name: "New Name" });
    const export2 = await whatsappAuthor(t, packId);
    expect(export2).toMatchObject({ author: "New Name", publisher: "New Name" });
    // A browser holding the old file asks again and gets the new one, not a 304.
    expect(export2.etag).not.toBe(before.etag);
  });

  it("keeps cached pages of other people's packs when a user renames", async () => {
    const owner = await signInTestUser(t, "keeps@example.com");
    const renamer = await signInTestUser(t, "renamer@example.com");
    await rename(t, owner, "Steady Owner");
    const packId = await publicPackOf(t, owner);
    await visit(t, `/pack/${packId}`);
    await rename(t, renamer, "Someone Else");
    expect((await visit(t, `/pack/${packId}`)).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
  });

  it("stores nothing else: the same name again changes no row and drops no page", async () => {
    const owner = await signInTestUser(t, "same@example.com");
    await rename(t, owner, "Same Name");
    const packId = await publicPackOf(t, owner);
    await visit(t, `/pack/${packId}`);
    const [before] = await t.app.database.db.select({ updatedAt: users.updatedAt }).from(users).where(eq(users.id, owner.userId));
    expect((await rename(t, owner, " Same Name ")).body.data.nick).toBe("Same Name");
    const [after] = await t.app.database.db.select({ updatedAt: users.updatedAt }).from(users).where(eq(users.id, owner.userId));
    expect(after?.updatedAt).toEqual(before?.updatedAt);
    expect((await visit(t, `/pack/${packId}`)).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
  });
});

describeOnPostgres("a display name changed through one process", () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await appWithPageCache();
    two = await appWithPageCache({ DATABASE_URL: one.app.config.DATABASE_URL!, DATA_DIR: one.dataDir });
  });
  afterAll(async () => {
    await closeTestApp(two);
    await closeTestApp(one);
  });

  it("drops the other process's cached page of the user's public pack", async () => {
    const owner = await signInTestUser(one, "two-processes@example.com");
    await rename(one, owner, "Before Both");
    const packId = await publicPackOf(one, owner);
    await visit(two, `/pack/${packId}`);
    const cached = await visit(two, `/pack/${packId}`);
    expect(cached.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(await cached.text()).toContain("by Before Both");
    expect((await rename(one, owner, "After Both")).body.status).toBe(200);
    // Entries live 60 s: only the notification can explain the other process rendering it anew.
    await expect.poll(async () => (await visit(two, `/pack/${packId}`)).headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect(await (await visit(two, `/pack/${packId}`)).text()).toContain("by After Both");
  });
});
