/**
 * "Add to Telegram" end to end against the local stand-in of Telegram (tests/support/telegram-bot-api.ts),
 * which holds every call to Telegram's rules: linking through the deep link and the webhook, the set
 * made by the queued job, then brought up to date after the pack changes, Telegram's 429 waited out,
 * a user who blocks the bot, unlinking, the bot in chats, inline mode, and a site without a bot.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "#common/i18n/catalogs.ts";
import { describeOnPostgres } from "#tests/support/engine.ts";
import { addPack, addSticker, diskSticker, type MadeSticker } from "#tests/support/export-packs.ts";
import { callApi, createGalleryTestApp, signInTestUser, type TestSession } from "#tests/support/stickers.ts";
import { balanceOf, userWithPoints } from "#tests/support/tasks.ts";
import { startTelegramStandIn, type TelegramStandIn } from "#tests/support/telegram-bot-api.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import {
  packStickers,
  packs,
  stickers as stickerRows,
  tasks,
  telegramAccounts,
  telegramSets,
  telegramStickerFiles,
  users,
} from "../db/schema.ts";
import { createStickerFiles } from "../exports/sticker-files.ts";
import { exportFileBreaches } from "../exports/validate/index.ts";
import { startTaskWorkers, type TaskWorkers } from "../tasks/task-worker.ts";
import { WEBHOOK_SECRET_HEADER } from "./bot-api.ts";
import { INLINE_START_PARAMETER } from "./inline-stickers.ts";
import { ensureWebhook, TELEGRAM_WEBHOOK_PATH } from "./our-bot.ts";
import { startTelegramWorkers, type TelegramWorkers } from "./telegram-queue.ts";

const TOKEN = "7000001:stand-in-token-for-sticker-studio";
const BOT = "StickerStudioTestBot";
const TELEGRAM_USER = 55_501;
/** The channel inline mode posts stickers to once, to learn their file_ids (TELEGRAM_CACHE_CHAT_ID). */
const CACHE_CHAT = -1_001_234_567_890;

let t: TestApp;
let standIn: TelegramStandIn;
let forwarder: Server;
let workers: TelegramWorkers;
/** The sticker workers the bot in chats needs; they stop with the file (stopping them stops the queue). */
let drawing: TaskWorkers | undefined;
let owner: TestSession;
let stickers: MadeSticker[];
let packId: string;
/** The stand-in's clock runs ahead by what the sync's fake sleeps waited. */
let ahead = 0;

/** Telegram's webhook calls reach the test app through this local listener, as they would the site. */
async function startForwarder(): Promise<string> {
  forwarder = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(key, value);
    const answer = await t.server.request(request.url ?? "/", { method: request.method, headers, body: Buffer.concat(chunks) });
    response.writeHead(answer.status, { "Content-Type": answer.headers.get("content-type") ?? "application/json" });
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((done) => forwarder.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(forwarder.address() as AddressInfo).port}`;
}

async function setOf(pack: string) {
  const [row] = await t.app.database.db
    .select({ set: telegramSets })
    .from(telegramSets)
    .innerJoin(packs, eq(packs.id, telegramSets.packId))
    .where(eq(packs.packId, pack));
  return row?.set ?? null;
}

/** Waits for the queued sync of the pack's set to end, and answers its row. */
async function settled(pack: string) {
  for (let attempt = 0; attempt < 300; attempt++) {
    const set = await setOf(pack);
    if (set && (set.state === "ready" || set.state === "failed")) return set;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error("the Telegram set never settled");
}

/** The stand-in's set, sticker by sticker: emoji, keywords and format. */
function heldBy(name: string) {
  const set = standIn.sets.get(name.toLowerCase());
  if (!set) throw new Error(`no set ${name} at the stand-in`);
  return set;
}

/** The bot's answer to an inline query, once it has given one. */
async function inlineAnswer(inlineQueryId: string) {
  for (let attempt = 0; attempt < 300; attempt++) {
    const answer = standIn.inlineAnswers.get(inlineQueryId);
    if (answer) return answer;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error("the bot never answered the inline query");
}

beforeAll(async () => {
  standIn = await startTelegramStandIn({ token: TOKEN, botUsername: BOT, now: () => Date.now() + ahead, channels: [CACHE_CHAT] });
  const publicUrl = await startForwarder();
  // Styles seeded (no gallery): the bot in chats draws stickers.
  t = await createGalleryTestApp(0, {
    PUBLIC_URL: publicUrl,
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_API_URL: standIn.url,
    TELEGRAM_CACHE_CHAT_ID: String(CACHE_CHAT),
    DOWNLOAD_RATE_LIMIT_PER_MINUTE: "100000",
  });
  expect(await ensureWebhook(t.app)).toBe(true);
  workers = await startTelegramWorkers(t.app, {
    sleep: async (ms) => {
      ahead += ms;
    },
  });
  owner = await signInTestUser(t, "telegram-owner@example.com");
  await t.app.database.db.update(users).set({ nick: "Tia" }).where(eq(users.id, owner.userId));
  const colours: [number, number, number][] = [
    [220, 40, 40],
    [40, 200, 60],
    [40, 80, 220],
    [230, 200, 30],
  ];
  stickers = [];
  for (const colour of colours) {
    stickers.push(
      await addSticker(t, await diskSticker(colour), { ownerId: owner.userId, visibility: "public", name: "telegram test" }),
    );
  }
  packId = await addPack(t, {
    ownerId: owner.userId,
    name: "Garden friends",
    visibility: "public",
    stickers: stickers.slice(0, 3).map((sticker, index) => ({ sticker, emoji: [["🌷"], ["🐝", "🌼"], ["🐞"]][index]! })),
  });
}, 120_000);

afterAll(async () => {
  await drawing?.stop();
  await workers?.stop();
  await closeTestApp(t);
  await standIn?.close();
  await new Promise((done) => forwarder?.close(done));
});

describe("linking Telegram", () => {
  it("registers the webhook with its secret, and refuses an update without that secret", async () => {
    expect(standIn.webhook?.url).toMatch(/\/api\/telegram\/webhook$/);
    expect(standIn.webhook?.secretToken.length).toBeGreaterThan(20);
    const forged = await t.server.request(TELEGRAM_WEBHOOK_PATH, {
      method: "POST",
      headers: { "Content-Type": "application/json", [WEBHOOK_SECRET_HEADER]: "not-the-secret" },
      body: JSON.stringify({
        update_id: 1,
        message: { message_id: 1, date: 1, chat: { id: 9, type: "private" }, text: "/start x" },
      }),
    });
    expect(forged.status).toBe(401);
  });

  it("links the account that asked for the deep link to the Telegram user who pressed Start, once, and answers in their language", async () => {
    const before = await callApi(t, "GET", "/api/telegram/status", { session: owner });
    expect(before.body.data).toEqual({ available: true, botUsername: BOT, account: null });
    const linked = await callApi(t, "POST", "/api/telegram/link", { session: owner, body: {} });
    const url = new URL(linked.body.data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`https://t.me/${BOT}`);
    const code = url.searchParams.get("start")!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);

    expect(
      await standIn.startBot(TELEGRAM_USER, { firstName: "Tia", username: "tia_t", languageCode: "de", payload: code }),
    ).toBe(200);
    const after = await callApi(t, "GET", "/api/telegram/status", { session: owner });
    expect(after.body.data.account).toEqual({ username: "tia_t", firstName: "Tia", blocked: false });
    const reply = standIn.sent.get(TELEGRAM_USER)?.at(-1);
    expect(reply?.text).toMatch(/Telegram/);
    expect(reply?.text).not.toMatch(/Done: your Telegram/);

    // The code worked once: a second Start with it links nothing and says the link is spent.
    await standIn.startBot(TELEGRAM_USER + 1, { firstName: "Eve", payload: code });
    const others = await t.app.database.db
      .select()
      .from(telegramAccounts)
      .where(eq(telegramAccounts.telegramUserId, TELEGRAM_USER + 1));
    expect(others).toEqual([]);
  });
});

describe("Add to Telegram", () => {
  it("makes the pack's set in the user's Telegram: its stickers in order, each file within Telegram's rule, with its emoji and keywords, a thumbnail, and the link", async () => {
    const keywords = await callApi(t, "POST", "/api/sticker/setLabels", {
      session: owner,
      body: { stickerInstId: stickers[0]!.stickerInstId, emoji: null, keywords: ["tulip", "spring"], altText: null },
    });
    expect(keywords.body.status).toBe(200);
    const added = await callApi(t, "POST", "/api/telegram/addPack", { session: owner, body: { packId } });
    expect(added.body.status).toBe(200);
    expect(added.body.data.state).toBe("queued");
    const set = await settled(packId);
    expect(set.state).toBe("ready");
    const held = heldBy(set.name);
    expect(set.name.endsWith(`_by_${BOT}`)).toBe(true);
    expect(held.title).toBe("Garden friends");
    expect(held.ownerId).toBe(TELEGRAM_USER);
    expect(held.stickers.map((sticker) => sticker.emojiList)).toEqual([["🌷"], ["🐝", "🌼"], ["🐞"]]);
    expect(held.stickers[0]!.keywords).toEqual(["tulip", "spring"]);
    for (const sticker of held.stickers) {
      expect(sticker.format).toBe("static");
      expect(exportFileBreaches("telegram-still", standIn.files.get(sticker.fileId)!.bytes)).toEqual([]);
    }
    expect(held.thumbnail).not.toBeNull();
    const view = await callApi(t, "GET", "/api/telegram/packSet", { session: owner, params: { packId } });
    expect(view.body.data).toMatchObject({
      state: "ready",
      link: `https://t.me/addstickers/${set.name}`,
      done: 3,
      total: 3,
      error: null,
    });
  });

  it("brings the set up to date after the pack changes: a new sticker in the place of a removed one, the order and emoji changed, and every file replaced when the user becomes a member", async () => {
    const db = t.app.database.db;
    const [pack] = await db.select({ id: packs.id }).from(packs).where(eq(packs.packId, packId));
    // Remove the first sticker, move the third before the second, add the fourth, new emoji on one.
    await db.delete(packStickers).where(eq(packStickers.stickerId, stickers[0]!.id));
    await db
      .update(packStickers)
      .set({ position: 0, emoji: ["🐞", "❤️"] })
      .where(eq(packStickers.stickerId, stickers[2]!.id));
    await db.update(packStickers).set({ position: 1 }).where(eq(packStickers.stickerId, stickers[1]!.id));
    await db.insert(packStickers).values({ packId: pack!.id, stickerId: stickers[3]!.id, position: 2, emoji: ["🌻"] });
    await db.update(users).set({ subscribePlan: "price_annual" }).where(eq(users.id, owner.userId));
    const before = (await setOf(packId))!;
    const oldFiles = new Set(heldBy(before.name).stickers.map((sticker) => sticker.fileUniqueId));
    const calls = standIn.requests.length;

    await callApi(t, "POST", "/api/telegram/addPack", { session: owner, body: { packId } });
    const set = await settled(packId);
    expect(set.state).toBe("ready");
    const held = heldBy(set.name);
    expect(held.stickers.map((sticker) => sticker.emojiList)).toEqual([["🐞", "❤️"], ["🐝", "🌼"], ["🌻"]]);
    expect(set.stickers.map((sticker) => sticker.stickerId)).toEqual([stickers[2]!.id, stickers[1]!.id, stickers[3]!.id]);
    // A member's files carry no mark: every picture was replaced in place, none kept.
    expect(held.stickers.some((sticker) => oldFiles.has(sticker.fileUniqueId))).toBe(false);
    const methods = standIn.requests.slice(calls).map((call) => call.method);
    // Three stickers in, three out: each replaced in place, nothing added, deleted or made anew.
    expect(methods.filter((method) => method === "replaceStickerInSet")).toHaveLength(3);
    expect(methods).not.toContain("addStickerToSet");
    expect(methods).not.toContain("deleteStickerFromSet");
    expect(methods).not.toContain("createNewStickerSet");
    await db.update(users).set({ subscribePlan: "" }).where(eq(users.id, owner.userId));
  });

  it("finishes a set whose making was cut short before it was recorded: the set Telegram has is taken over, not made twice", async () => {
    const before = (await setOf(packId))!;
    // As if the process stopped right after Telegram made the set: our record knows nothing of it.
    await t.app.database.db.update(telegramSets).set({ title: null, stickers: [] }).where(eq(telegramSets.id, before.id));
    const calls = standIn.requests.length;
    await callApi(t, "POST", "/api/telegram/addPack", { session: owner, body: { packId } });
    const set = await settled(packId);
    expect(set.state).toBe("ready");
    expect(set.stickers.map((sticker) => sticker.stickerId)).toEqual([stickers[2]!.id, stickers[1]!.id, stickers[3]!.id]);
    expect(heldBy(set.name).stickers).toHaveLength(3);
    const made = standIn.requests.slice(calls).filter((call) => call.method === "createNewStickerSet");
    expect(made.map((call) => call.status)).toEqual([400]);
  });

  it("waits out Telegram's 429 and still completes the set", async () => {
    const bigPack = await addPack(t, {
      ownerId: owner.userId,
      name: "Many",
      visibility: "private",
      stickers: stickers.map((sticker) => ({ sticker, emoji: ["⭐"] })),
    });
    standIn.rateLimit = { burst: 2, perSeconds: 60, retryAfter: 2 };
    try {
      await callApi(t, "POST", "/api/telegram/addPack", { session: owner, body: { packId: bigPack } });
      const set = await settled(bigPack);
      expect(set.state).toBe("ready");
      expect(heldBy(set.name).stickers).toHaveLength(4);
      expect(standIn.requests.some((call) => call.status === 429)).toBe(true);
    } finally {
      standIn.rateLimit = null;
    }
  });

  it("stops when the user blocks the bot, says so, and carries on once they press Start again", async () => {
    await standIn.blockBot(TELEGRAM_USER);
    const status = await callApi(t, "GET", "/api/telegram/status", { session: owner });
    expect(status.body.data.account.blocked).toBe(true);
    const refused = await callApi(t, "POST", "/api/telegram/addPack", { session: owner, body: { packId } });
    expect([refused.body.status, refused.http]).toEqual(["TELEGRAM_BLOCKED", 409]);
    await standIn.startBot(TELEGRAM_USER, { firstName: "Tia" });
    const again = await callApi(t, "POST", "/api/telegram/addPack", { session: owner, body: { packId } });
    expect(again.body.status).toBe(200);
    expect((await settled(packId)).state).toBe("ready");
  });

  it("refuses a pack the caller may not see as PACK_NOT_FOUND, and Add before linking as TELEGRAM_NOT_LINKED", async () => {
    const stranger = await signInTestUser(t, "telegram-stranger@example.com");
    const hidden = await addPack(t, { ownerId: owner.userId, name: "Mine", visibility: "private", stickers: [] });
    expect((await callApi(t, "POST", "/api/telegram/addPack", { session: owner, body: { packId: hidden } })).body.status).toBe(
      "PACK_EMPTY",
    );
    expect((await callApi(t, "POST", "/api/telegram/addPack", { session: stranger, body: { packId } })).body.status).toBe(
      "TELEGRAM_NOT_LINKED",
    );
    const otherLink = await callApi(t, "POST", "/api/telegram/link", { session: stranger, body: {} });
    await standIn.startBot(TELEGRAM_USER + 7, {
      firstName: "Sam",
      payload: new URL(otherLink.body.data.url).searchParams.get("start")!,
    });
    expect((await callApi(t, "POST", "/api/telegram/addPack", { session: stranger, body: { packId: hidden } })).body.status).toBe(
      "PACK_NOT_FOUND",
    );
  });

  it("forgets the account and its set records when the user unlinks", async () => {
    const unlinked = await callApi(t, "POST", "/api/telegram/unlink", { session: owner, body: {} });
    expect(unlinked.body.data.account).toBeNull();
    expect(await setOf(packId)).toBeNull();
    expect((await callApi(t, "POST", "/api/telegram/addPack", { session: owner, body: { packId } })).body.status).toBe(
      "TELEGRAM_NOT_LINKED",
    );
  });
});

describe("the bot in chats", () => {
  let chatter: TestSession;
  const CHAT_USER = TELEGRAM_USER + 40;

  beforeAll(async () => {
    drawing = await startTaskWorkers(t.app);
    chatter = await userWithPoints(t, "telegram-chatter@example.com", 3);
    const link = await callApi(t, "POST", "/api/telegram/link", { session: chatter, body: {} });
    await standIn.startBot(CHAT_USER, { firstName: "Cleo", payload: new URL(link.body.data.url).searchParams.get("start")! });
  }, 60_000);

  /** What the bot sent to the chat after the first `from` messages, once `count` more have arrived. */
  async function botSaid(chat: number, from: number, count: number) {
    for (let attempt = 0; attempt < 300; attempt++) {
      const sent = standIn.sent.get(chat) ?? [];
      if (sent.length >= from + count) return sent.slice(from);
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error(`the bot sent ${(standIn.sent.get(chat) ?? []).length - from} messages, not ${count}`);
  }

  it("turns a linked user's words into a sticker sent back to the chat, paid from their points like the site, with a link to its page", async () => {
    const before = standIn.sent.get(CHAT_USER)?.length ?? 0;
    expect(await standIn.sendText(CHAT_USER, "a happy cat with a balloon")).toBe(200);
    const [drawingNote, sticker, made] = await botSaid(CHAT_USER, before, 3);
    expect(drawingNote?.text).toBe("Drawing your sticker…");
    expect(sticker?.sticker).toBeDefined();
    const file = standIn.files.get(sticker?.sticker.file_id);
    expect(exportFileBreaches("telegram-still", file!.bytes)).toEqual([]);
    expect(made?.reply_markup.inline_keyboard[0][0].url).toMatch(/\/sticker\/[\w-]+\//);
    expect(await balanceOf(t, chatter.userId)).toBe(3 - t.app.config.TEXT_GENERATION_COST);
  });

  it("turns a photo into a sticker at the image price", async () => {
    const before = standIn.sent.get(CHAT_USER)?.length ?? 0;
    const photo = await diskSticker([250, 120, 20]);
    expect(await standIn.sendPhoto(CHAT_USER, photo)).toBe(200);
    const [, sticker] = await botSaid(CHAT_USER, before, 3);
    expect(sticker?.sticker).toBeDefined();
    expect(await balanceOf(t, chatter.userId)).toBe(3 - t.app.config.TEXT_GENERATION_COST - t.app.config.IMAGE_GENERATION_COST);
  });

  it("answers in the site's words when the points run out, and draws nothing", async () => {
    const before = standIn.sent.get(CHAT_USER)?.length ?? 0;
    // The words and the photo took the 3 points the user had.
    expect(await balanceOf(t, chatter.userId)).toBe(0);
    const tasksBefore = await t.app.database.db.select().from(tasks).where(eq(tasks.userId, chatter.userId));
    await standIn.sendText(CHAT_USER, "a dog");
    const [answer] = await botSaid(CHAT_USER, before, 1);
    expect(answer?.text).toBe(translate("en", "errors.notEnoughPoints"));
    expect(await t.app.database.db.select().from(tasks).where(eq(tasks.userId, chatter.userId))).toHaveLength(tasksBefore.length);
  });

  it("remembers the file of a sticker it sent in a chat, and offers that same file inline without posting it to the cache chat", async () => {
    const [made] = await t.app.database.db
      .select({ picId: stickerRows.picId, fileId: telegramStickerFiles.fileId, mark: telegramStickerFiles.mark })
      .from(stickerRows)
      .innerJoin(telegramStickerFiles, eq(telegramStickerFiles.picId, stickerRows.picId))
      .where(eq(stickerRows.ownerId, chatter.userId))
      .orderBy(stickerRows.id)
      .limit(1);
    expect(made?.mark).toBe("corner");
    const cachePostsBefore = standIn.sent.get(CACHE_CHAT)?.length ?? 0;
    const { inlineQueryId } = await standIn.inlineQuery(CHAT_USER, "balloon");
    const answer = await inlineAnswer(inlineQueryId);
    expect(answer.results.map((result: { sticker_file_id?: string }) => result.sticker_file_id)).toContain(made?.fileId);
    expect(standIn.sent.get(CACHE_CHAT)?.length ?? 0).toBe(cachePostsBefore);
  });

  it("asks someone who has not linked an account to link one first", async () => {
    await standIn.startBot(CHAT_USER + 1, { firstName: "Nel" });
    const before = standIn.sent.get(CHAT_USER + 1)?.length ?? 0;
    await standIn.sendText(CHAT_USER + 1, "a frog");
    const [answer] = await botSaid(CHAT_USER + 1, before, 1);
    expect(answer?.text).toBe(translate("en", "telegramBot.notLinked"));
  });
});

describeOnPostgres("Add to Telegram under concurrency", () => {
  it("two simultaneous adds of one pack leave one set row, and Telegram gets the set made once", async () => {
    const racer = await signInTestUser(t, "telegram-racer@example.com");
    const link = await callApi(t, "POST", "/api/telegram/link", { session: racer, body: {} });
    await standIn.startBot(TELEGRAM_USER + 20, {
      firstName: "Ray",
      payload: new URL(link.body.data.url).searchParams.get("start")!,
    });
    const racePack = await addPack(t, {
      ownerId: racer.userId,
      name: "Race",
      visibility: "private",
      stickers: [
        {
          sticker: await addSticker(t, await diskSticker([90, 90, 200]), { ownerId: racer.userId, visibility: "private" }),
          emoji: ["🏁"],
        },
      ],
    });
    const answers = await Promise.all(
      [1, 2].map(() => callApi(t, "POST", "/api/telegram/addPack", { session: racer, body: { packId: racePack } })),
    );
    expect(answers.map((answer) => answer.body.status)).toEqual([200, 200]);
    const set = await settled(racePack);
    expect(set.state).toBe("ready");
    const rows = await t.app.database.db.select().from(telegramSets).where(eq(telegramSets.userId, racer.userId));
    expect(rows).toHaveLength(1);
    const creates = standIn.requests.filter(
      (call) => call.method === "createNewStickerSet" && call.params.name === set.name && call.status === 200,
    );
    expect(creates).toHaveLength(1);
    expect(heldBy(set.name).stickers).toHaveLength(1);
  });
});

describe("a site without a Telegram bot", () => {
  it("says so, and refuses a link with TELEGRAM_NOT_CONFIGURED", async () => {
    const plain = await createTestApp();
    try {
      const user = await signInTestUser(plain, "no-telegram@example.com");
      const status = await callApi(plain, "GET", "/api/telegram/status", { session: user });
      expect(status.body.data).toEqual({ available: false, botUsername: null, account: null });
      const link = await callApi(plain, "POST", "/api/telegram/link", { session: user, body: {} });
      expect([link.body.status, link.http]).toEqual(["TELEGRAM_NOT_CONFIGURED", 409]);
    } finally {
      await closeTestApp(plain);
    }
  });
});

describe("inline mode", () => {
  let zebra: MadeSticker;
  let hidden: MadeSticker;
  const ASKER = TELEGRAM_USER + 70;

  beforeAll(async () => {
    zebra = await addSticker(t, await diskSticker([20, 20, 20]), {
      ownerId: owner.userId,
      visibility: "public",
      name: "zebra picnic",
    });
    hidden = await addSticker(t, await diskSticker([200, 200, 200]), {
      ownerId: owner.userId,
      visibility: "private",
      name: "zebra secret",
    });
    // Inline queries come from anyone: the asker has never pressed Start.
  });

  it("offers the public stickers a query finds as Telegram stickers, each posted once to the cache chat with the small mark, never a private one", async () => {
    const before = standIn.sent.get(CACHE_CHAT)?.length ?? 0;
    const first = await inlineAnswer((await standIn.inlineQuery(ASKER, "zebra")).inlineQueryId);
    expect(first.results).toHaveLength(1);
    const [result] = first.results;
    expect(result).toMatchObject({ type: "sticker", id: zebra.stickerInstId });
    const file = standIn.files.get(result.sticker_file_id);
    expect(file?.kind).toBe("sticker");
    expect(exportFileBreaches("telegram-still", file!.bytes)).toEqual([]);
    const corner = await createStickerFiles(t.app).load(zebra.picId, "telegram.webp", "corner");
    expect(Buffer.from(file!.bytes).equals(Buffer.from(corner))).toBe(true);
    const posted = (standIn.sent.get(CACHE_CHAT) ?? []).slice(before);
    expect(posted.map((message) => message.sticker?.file_id)).toEqual([result.sticker_file_id]);
    const remembered = await t.app.database.db
      .select()
      .from(telegramStickerFiles)
      .where(eq(telegramStickerFiles.picId, zebra.picId));
    expect(remembered).toMatchObject([{ mark: "corner", fileId: result.sticker_file_id }]);
    expect(JSON.stringify(first.results)).not.toContain(hidden.stickerInstId);
    // The public answer may be kept by Telegram for everyone; its button opens the bot with a hello.
    expect(first).toMatchObject({ is_personal: false, next_offset: "", button: { start_parameter: INLINE_START_PARAMETER } });

    const again = await inlineAnswer((await standIn.inlineQuery(ASKER, "zebra")).inlineQueryId);
    expect(again.results).toEqual(first.results);
    expect((standIn.sent.get(CACHE_CHAT) ?? []).length).toBe(before + 1);
  });

  it("answers a query that finds nothing with a link to the gallery's search, in the asker's language", async () => {
    await standIn.startBot(ASKER + 1, { languageCode: "de" });
    const answer = await inlineAnswer((await standIn.inlineQuery(ASKER + 1, "qqxqzzy")).inlineQueryId);
    expect(answer.results).toEqual([
      expect.objectContaining({
        type: "article",
        title: translate("de", "telegramBot.inlineSearchTitle"),
        url: `${t.app.config.PUBLIC_URL}/de/search?q=qqxqzzy`,
      }),
    ]);
    expect(answer.button.text).toBe(translate("de", "telegramBot.inlineMake"));
  });

  it("says hello, not 'link expired', to someone who opens the bot from the inline button", async () => {
    const before = standIn.sent.get(ASKER + 2)?.length ?? 0;
    await standIn.startBot(ASKER + 2, { payload: INLINE_START_PARAMETER });
    expect((standIn.sent.get(ASKER + 2) ?? []).slice(before).map((message) => message.text)).toEqual([
      translate("en", "telegramBot.hello"),
    ]);
  });
});
