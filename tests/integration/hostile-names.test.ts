/**
 * Hostile names and prompts through every place a user's text ends up on the server (decision 0040):
 * the stored name, the pack's and sticker's URL, the sitemaps, the pack's three files (their names,
 * metadata and zip entries), search, the moderation desk's queues and the sign-in mail. Each is kept
 * as sent (trimmed and normalised as every name is) or refused with a translated error; nothing that
 * shows a kept one fails. The pages themselves (titles, Open Graph, lists in several languages) are
 * tests/e2e/hostile-names.spec.ts.
 */
import { type Unzipped, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageKeyOf } from "#common/errors.ts";
import { translate } from "#common/i18n/catalogs.ts";
import { packSlug, WHATSAPP_PACK_MIN } from "#common/packs.ts";
import { STICKER_NAME_MAX_CHARACTERS, stickerSlug } from "#common/stickers.ts";
import { TASK_STATUS } from "#common/tasks.ts";
import { shortenToCharacters } from "#common/text.ts";
import { packPath, stickerPath } from "#server/seo/sitemap-xml.ts";
import { sessionCookieName } from "#server/sessions/session-cookie.ts";
import { startTaskWorkers, type TaskWorkers } from "#server/tasks/task-worker.ts";
import { HOSTILE_NAMES, HOSTILE_PROMPTS, type HostileText } from "#tests/fixtures/hostile-names.ts";
import { callApi, createGalleryTestApp, signInStaff, signInTestUser, type TestSession } from "#tests/support/stickers.ts";
import { balanceOf, userWithPoints, waitForTask } from "#tests/support/tasks.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let workers: TaskWorkers;
let owner: TestSession;
/** Reports are limited per user per hour: each case reports as a user of its own. */
let reporters = 0;
let staff: TestSession;
/** Public stickers with real pictures, enough for a WhatsApp pack. */
const packStickerIds: string[] = [];

beforeAll(async () => {
  // Local mode: sign-in mails land in the dev mailbox, where the address table reads them.
  t = await createGalleryTestApp(0, {
    TEXT_GENERATION_COST: "1",
    TASKS_IN_FLIGHT_LIMIT: "100",
    DOWNLOAD_RATE_LIMIT_PER_MINUTE: "100000",
    PACK_EXPORT_RATE_LIMIT_PER_USER: "100000",
    PACK_EXPORT_RATE_LIMIT_PER_PACK: "100000",
  });
  workers = await startTaskWorkers(t.app);
  owner = await userWithPoints(t, "hostile-owner@example.com", 100);
  staff = await signInStaff(t, "hostile-staff@example.com", "admin");
  for (let index = 0; index < WHATSAPP_PACK_MIN; index += 1) {
    const submit = await callApi(t, "POST", "/api/aitask/submitGenerateText", {
      body: { prompt: ["a red apple", "a blue whale", "a green frog"][index], visibility: "public" },
      session: owner,
    });
    const done = await waitForTask(t, owner, submit.body.data.taskId);
    packStickerIds.push(done.stickers[0].stickerInstId);
  }
}, 180_000);

/** The site's origin, as the sitemaps write it. */
const origin = () => t.app.config.PUBLIC_URL.replace(/\/$/, "");
const pointsOf = async (session: TestSession) => await balanceOf(t, session.userId);
afterAll(async () => {
  await workers?.stop();
  await closeTestApp(t);
});

/** A refusal as the API gives it: the code's status, the code, and its message in the caller's language. */
function expectRefused(
  answer: { http: number; body: { status: number | string; msgKey?: string } & Record<string, unknown> },
  code: string,
) {
  expect(answer.body.status).toBe(code);
  expect(answer.http).toBeGreaterThanOrEqual(400);
  expect(answer.body.msgKey).toBe(messageKeyOf(code as Parameters<typeof messageKeyOf>[0]));
  // Asked in German: the message is the German catalog's (its placeholders filled), not the English one.
  const template = (language: "de" | "en") => {
    const text = translate(language, answer.body.msgKey!).replace(/[.*+?^$()|[\]\\]/g, "\\$&");
    return new RegExp(`^${text.replace(/\{\{\s*\w+\s*\}\}/g, ".+")}$`);
  };
  expect(answer.body.msg).toMatch(template("de"));
  expect(answer.body.msg).not.toMatch(template("en"));
}

const unzipped = async (response: Response): Promise<Unzipped> => {
  expect(response.status).toBe(200);
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
};
const utf8 = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

/** What a kept name is stored as: normalised (NFC) and trimmed. */
const keptName = (text: string) => text.normalize("NFC").trim();
/** What a kept prompt names its sticker: whitespace collapsed, shortened by whole characters. */
const keptStickerName = (text: string) =>
  shortenToCharacters(text.normalize("NFC").replace(/\s+/g, " ").trim(), STICKER_NAME_MAX_CHARACTERS);

async function sitemap(path: string): Promise<string> {
  const response = await t.server.request(path);
  expect(response.status).toBe(200);
  const xml = await response.text();
  expect(xml.isWellFormed()).toBe(true);
  // Every address in it is one a URL parser takes as it is.
  for (const [, loc] of xml.matchAll(/<loc>([^<]*)<\/loc>/g)) expect(new URL(loc!).href).toBe(loc);
  return xml;
}

describe.each(HOSTILE_NAMES)("a pack named with $label", (hostile: HostileText) => {
  let packId = "";

  it(
    hostile.refused
      ? `is refused with ${hostile.refused} in the caller's language, and no pack is made`
      : "is kept as sent (trimmed, NFC)",
    async () => {
      const before = (await callApi(t, "GET", "/api/pack/mine", { params: { page: "1", size: "100" }, session: owner })).body.data
        .total;
      const answer = await callApi(t, "POST", "/api/pack/create", {
        body: { name: hostile.text, visibility: "public", stickerInstIds: packStickerIds },
        session: owner,
        language: "de",
      });
      const after = (await callApi(t, "GET", "/api/pack/mine", { params: { page: "1", size: "100" }, session: owner })).body.data
        .total;
      if (hostile.refused) {
        expectRefused(answer as never, hostile.refused);
        expect(after).toBe(before);
        return;
      }
      expect(answer.body.status).toBe(200);
      expect(answer.body.data.name).toBe(keptName(hostile.text));
      packId = answer.body.data.packId;
      const read = await callApi(t, "GET", "/api/pack/get", { params: { packId } });
      expect(read.body.data.name).toBe(keptName(hostile.text));
    },
  );

  it.skipIf(hostile.refused)("is in the packs list and the packs sitemap, under a slug cut by whole characters", async () => {
    const name = keptName(hostile.text);
    const slug = packSlug(name);
    expect(slug.isWellFormed()).toBe(true);
    expect(slug).toBe(slug.normalize("NFC"));
    const list = await callApi(t, "GET", "/api/pack/page", { params: { page: "1", size: "100" } });
    expect(list.http).toBe(200);
    expect(list.body.data.list.map((pack: { packId: string }) => pack.packId)).toContain(packId);
    expect(await sitemap("/sitemaps/packs-1.xml")).toContain(`${origin()}${packPath({ packId, name })}`);
  });

  it.skipIf(hostile.refused)(
    "gives its WhatsApp, Telegram and originals files with the name in their metadata, ASCII entry names and a file name browsers take",
    async () => {
      const name = keptName(hostile.text);
      const session = { headers: { Cookie: `${sessionCookieName(t.app.config)}=${owner.token}` } };
      for (const target of ["whatsapp", "telegram", "originals"] as const) {
        const response = await t.server.request(`/files/pack/${packId}/${target}?lang=ar`, session);
        const disposition = response.headers.get("content-disposition") ?? "";
        const files = await unzipped(response);
        for (const entry of Object.keys(files)) expect(entry).toMatch(/^[a-zA-Z0-9_.-]+$/);
        // The plain name is printable ASCII; the UTF-8 one, when there is one, decodes to the slug.
        expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"/);
        const utf8Name = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1];
        if (utf8Name) expect(decodeURIComponent(utf8Name).startsWith(packSlug(name))).toBe(true);
        if (target === "whatsapp") {
          expect(utf8(files["title.txt"])).toBe(name);
          expect(JSON.parse(utf8(files["contents.json"])).sticker_packs[0].name).toBe(name);
        }
        if (target === "telegram") expect(utf8(files["README.txt"])).toContain(name);
      }
    },
  );

  it.skipIf(hostile.refused)("reaches the moderation desk's pack queue as sent, with a hostile note beside it", async () => {
    const note = `${hostile.text} \u202E note`;
    const reporter = await signInTestUser(t, `pack-reporter-${++reporters}@example.com`);
    const report = await callApi(t, "POST", "/api/pack/report", { body: { packId, reason: "spam", note }, session: reporter });
    expect(report.body.status).toBe(200);
    const queue = await callApi(t, "GET", "/api/admin/packQueue", { params: { page: "1", size: "100" }, session: staff });
    expect(queue.http).toBe(200);
    const item = queue.body.data.list.find((pack: { packId: string }) => pack.packId === packId);
    expect(item).toMatchObject({ name: keptName(hostile.text) });
    expect(item.notes.map((entry: { note: string }) => entry.note)).toContain(note);
  });
});

describe.each(HOSTILE_PROMPTS)("a sticker prompted with $label", (hostile: HostileText) => {
  let stickerInstId = "";

  it(
    hostile.refused
      ? `is refused with ${hostile.refused} in the caller's language, costing nothing`
      : "makes a sticker named by the prompt, shortened by whole characters",
    async () => {
      const before = await pointsOf(owner);
      const submit = await callApi(t, "POST", "/api/aitask/submitGenerateText", {
        body: { prompt: hostile.text, visibility: "public" },
        session: owner,
        language: "de",
      });
      if (hostile.refused) {
        expectRefused(submit as never, hostile.refused);
        expect(await pointsOf(owner)).toBe(before);
        return;
      }
      expect(submit.body.status).toBe(200);
      const done = await waitForTask(t, owner, submit.body.data.taskId);
      expect(done.status).toBe(TASK_STATUS.success);
      stickerInstId = done.stickers[0].stickerInstId;
      expect(done.stickers[0].name).toBe(keptStickerName(hostile.text));
      expect(done.stickers[0].name.isWellFormed()).toBe(true);
    },
  );

  it.skipIf(hostile.refused)("is in the stickers sitemap and search, and its page's call answers", async () => {
    const name = keptStickerName(hostile.text);
    expect(stickerSlug(name).isWellFormed()).toBe(true);
    expect(await sitemap("/sitemaps/stickers-1.xml")).toContain(`${origin()}${stickerPath({ stickerInstId, name })}`);
    await sitemap("/sitemaps/tags.xml");
    const detail = await callApi(t, "GET", "/api/sticker/get", { params: { stickerInstId } });
    expect(detail.body.data).toMatchObject({ stickerInstId, name });
    const search = await callApi(t, "GET", "/api/search", { params: { q: hostile.text, page: "1", size: "24" }, language: "de" });
    // Search reads at most so many characters: past them it refuses, in words, rather than failing.
    if (search.body.status !== 200) expectRefused(search as never, "SEARCH_QUERY_TOO_LONG");
  });

  it.skipIf(hostile.refused)("reaches the moderation desk's sticker queue as named", async () => {
    const reporter = await signInTestUser(t, `sticker-reporter-${++reporters}@example.com`);
    const report = await callApi(t, "POST", "/api/sticker/report", {
      body: { stickerInstId, reason: "other" },
      session: reporter,
    });
    expect(report.body.status).toBe(200);
    const queue = await callApi(t, "GET", "/api/admin/queue", { params: { page: "1", size: "100" }, session: staff });
    const item = queue.body.data.list.find((sticker: { stickerInstId: string }) => sticker.stickerInstId === stickerInstId);
    expect(item).toMatchObject({
      name: keptStickerName(hostile.text),
      prompt: keptStickerName(hostile.text).endsWith("…")
        ? expect.any(String)
        : hostile.text.normalize("NFC").replace(/\s+/g, " ").trim(),
    });
  });
});

/** Addresses people paste into the sign-in field: refused with a translated error, or mailed to exactly that address. */
const HOSTILE_ADDRESSES: HostileText[] = [
  { label: "a header break", text: "eve@example.com\r\nBcc: all@example.com", refused: "INVALID_INPUT" },
  { label: "a right-to-left override", text: "\u202Emoc.elpmaxe@eve", refused: "INVALID_INPUT" },
  { label: "NUL", text: "eve\u0000@example.com", refused: "INVALID_INPUT" },
  { label: "a lone surrogate", text: "eve\uD83D@example.com", refused: "INVALID_INPUT" },
  { label: "markup", text: "<script>@example.com", refused: "INVALID_INPUT" },
  { label: "a plus tag and dots", text: "e.v.e+stickers@example.com", refused: null },
];

describe.each(HOSTILE_ADDRESSES)("a sign-in asked for an address with $label", (hostile: HostileText) => {
  it(
    hostile.refused
      ? `is refused with ${hostile.refused}, and no mail goes out`
      : "mails exactly that address, with nothing added to the mail's headers",
    async () => {
      const before = t.app.mail.mailbox?.recent().length ?? 0;
      const answer = await callApi(t, "GET", "/api/getVerifyEmail", { params: { email: hostile.text }, language: "de" });
      const mails = t.app.mail.mailbox?.recent() ?? [];
      if (hostile.refused) {
        expectRefused(answer as never, hostile.refused);
        expect(mails.length).toBe(before);
        return;
      }
      expect(answer.body.status).toBe(200);
      await expect.poll(() => t.app.mail.mailbox?.recent()[0]?.to).toBe(hostile.text);
      expect(t.app.mail.mailbox?.recent()[0]?.subject).not.toMatch(/[\r\n]/);
    },
  );
});
