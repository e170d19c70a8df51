/**
 * Our Bot API client against the local stand-in of Telegram (tests/support/telegram-bot-api.ts): a
 * sticker set made and changed step by step, every rule of Telegram's refused with Telegram's error,
 * 429 and waiting it out, a blocked user, the webhook and its secret, the chat and inline answers, and
 * a file downloaded through getFile. No database.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeWebm, padPng, padWebm } from "#server/exports/validate/test-files.ts";
import { STAND_IN_LIMITS, startTelegramStandIn, type TelegramStandIn } from "#tests/support/telegram-bot-api.ts";
import {
  type BotApi,
  createBotApi,
  type FileUpload,
  isBlockedByUser,
  isRetryable,
  isSetMissing,
  isStickerNotInSet,
  parseUpdate,
  TelegramApiError,
  TelegramNetworkError,
  verifyWebhookSecret,
  withRetryAfter,
} from "./bot-api.ts";

const TOKEN = "123456789:stand-in-token";
const BOT = "StudioTestBot";
const OWNER = 1001;
const name = (slug: string) => `${slug}_by_${BOT}`;

/** An opaque still of one colour, as our exports make them (sharp, PNG). */
async function still(width: number, height: number, red = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: red, g: 80, b: 160, alpha: 1 } } })
    .png()
    .toBuffer();
}

const png = (bytes: Uint8Array): FileUpload => ({ bytes, filename: "sticker.png", contentType: "image/png" });

/** One still sticker with one emoji. */
async function sticker(width = 512, height = 512) {
  return { sticker: png(await still(width, height)), format: "static" as const, emojiList: ["🙂"] };
}

async function refused(call: Promise<unknown>): Promise<TelegramApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TelegramApiError) return error;
    throw error;
  }
  throw new Error("Telegram accepted the call");
}

let standIn: TelegramStandIn;
let api: BotApi;

beforeEach(async () => {
  standIn = await startTelegramStandIn({ token: TOKEN, botUsername: BOT });
  api = createBotApi({ token: TOKEN, apiUrl: standIn.url });
  await standIn.startBot(OWNER, { firstName: "Ana" });
});

afterEach(async () => {
  await standIn.close();
});

describe("a sticker set through the Bot API", () => {
  it("is created with 3 stills, then added to, replaced, reordered, trimmed, retagged, given a thumbnail and a title, and deleted; getStickerSet follows each step", async () => {
    const set = name("cats");
    const [red, green, blue, yellow, purple] = await Promise.all([
      still(512, 512, 10),
      still(512, 512, 60),
      still(512, 512, 110),
      still(512, 512, 160),
      still(512, 512, 210),
    ]);
    const uploaded = await api.uploadStickerFile({ userId: OWNER, sticker: png(red), stickerFormat: "static" });
    await api.createNewStickerSet({
      userId: OWNER,
      name: set,
      title: "Cats",
      stickers: [
        { sticker: uploaded.fileId, format: "static", emojiList: ["😺"] },
        { sticker: png(green), format: "static", emojiList: ["😸", "🐱"], keywords: ["cat"] },
        { sticker: png(blue), format: "static", emojiList: ["😹"] },
      ],
    });
    // Two files travelled with the call as parts, named by attach:// in the stickers' JSON.
    expect(standIn.requests.find((call) => call.method === "createNewStickerSet")?.files).toEqual(["file0", "file1"]);
    const emoji = async () => (await api.getStickerSet({ name: set })).stickers.map((sticker) => sticker.emoji);

    const created = await api.getStickerSet({ name: set });
    expect(created).toMatchObject({ name: set, title: "Cats", stickerType: "regular" });
    expect(created.stickers.map(({ width, height, isVideo, setName }) => ({ width, height, isVideo, setName }))).toEqual([
      { width: 512, height: 512, isVideo: false, setName: set },
      { width: 512, height: 512, isVideo: false, setName: set },
      { width: 512, height: 512, isVideo: false, setName: set },
    ]);
    expect(created.stickers[0]?.fileUniqueId).toBe(uploaded.fileUniqueId);
    expect(await emoji()).toEqual(["😺", "😸", "😹"]);
    const [first, second, third] = created.stickers.map((sticker) => sticker.fileId) as [string, string, string];

    await api.addStickerToSet({
      userId: OWNER,
      name: set,
      sticker: { sticker: png(yellow), format: "static", emojiList: ["🙀"] },
    });
    expect(await emoji()).toEqual(["😺", "😸", "😹", "🙀"]);

    await api.replaceStickerInSet({
      userId: OWNER,
      name: set,
      oldSticker: second,
      sticker: { sticker: png(purple), format: "static", emojiList: ["😻"] },
    });
    const replaced = await api.getStickerSet({ name: set });
    expect(replaced.stickers.map((sticker) => sticker.emoji)).toEqual(["😺", "😻", "😹", "🙀"]);
    expect(replaced.stickers.map((sticker) => sticker.fileId)).not.toContain(second);

    await api.setStickerPositionInSet({ sticker: replaced.stickers[3]?.fileId as string, position: 0 });
    expect(await emoji()).toEqual(["🙀", "😺", "😻", "😹"]);

    await api.deleteStickerFromSet({ sticker: third });
    expect(await emoji()).toEqual(["🙀", "😺", "😻"]);
    expect(isStickerNotInSet(await refused(api.deleteStickerFromSet({ sticker: third })))).toBe(true);

    await api.setStickerEmojiList({ sticker: first, emojiList: ["🐈", "😺"] });
    await api.setStickerKeywords({ sticker: first, keywords: ["cat", "kitty"] });
    expect(await emoji()).toEqual(["🙀", "🐈", "😻"]);
    // getStickerSet shows a sticker's first emoji only, and no keywords: Telegram's own record has them.
    expect(standIn.sets.get(set.toLowerCase())?.stickers[1]).toMatchObject({
      emojiList: ["🐈", "😺"],
      keywords: ["cat", "kitty"],
    });

    await api.setStickerSetThumbnail({ name: set, userId: OWNER, format: "static", thumbnail: png(await still(100, 100)) });
    await api.setStickerSetTitle({ name: set, title: "Cats, again" });
    const finished = await api.getStickerSet({ name: set });
    expect(finished.title).toBe("Cats, again");
    expect(finished.thumbnail).toMatchObject({ width: 100, height: 100 });

    await api.deleteStickerSet({ name: set });
    expect(isSetMissing(await refused(api.getStickerSet({ name: set })))).toBe(true);
  });

  it("mixes still and video stickers in one set, each checked by its own format's rule", async () => {
    const webm = await makeWebm({ seconds: 1 });
    await api.createNewStickerSet({
      userId: OWNER,
      name: name("mixed"),
      title: "Mixed",
      stickers: [
        { sticker: png(await still(512, 512)), format: "static", emojiList: ["🙂"] },
        { sticker: { bytes: webm, filename: "move.webm", contentType: "video/webm" }, format: "video", emojiList: ["🎬"] },
      ],
    });
    const set = await api.getStickerSet({ name: name("mixed") });
    expect(set.stickers.map((sticker) => sticker.isVideo)).toEqual([false, true]);

    const tooBig = padWebm(webm, STAND_IN_LIMITS.videoMaxBytes + 1);
    const error = await refused(
      api.addStickerToSet({
        userId: OWNER,
        name: name("mixed"),
        sticker: { sticker: { bytes: tooBig, filename: "move.webm" }, format: "video", emojiList: ["🎬"] },
      }),
    );
    expect(error.description).toBe("Bad Request: file is too big");
    // A still announced as a video is no WebM.
    const still512 = png(await still(512, 512));
    const notWebm = await refused(
      api.addStickerToSet({
        userId: OWNER,
        name: name("mixed"),
        sticker: { sticker: still512, format: "video", emojiList: ["🎬"] },
      }),
    );
    expect(notWebm.description).toBe("Bad Request: STICKER_VIDEO_NOWEBM");
  });
});

describe("Telegram's rules, refused with Telegram's errors", () => {
  it("refuses a set name that breaks the rules or is taken (in any case)", async () => {
    const suffix = `_by_${BOT}`;
    for (const bad of [
      "cats",
      "cats_by_OtherBot",
      `9cats${suffix}`,
      `ca__ts${suffix}`,
      `ca-ts${suffix}`,
      `${"c".repeat(65 - suffix.length)}${suffix}`,
    ]) {
      const error = await refused(
        api.createNewStickerSet({ userId: OWNER, name: bad, title: "Cats", stickers: [await sticker()] }),
      );
      expect([bad, error.errorCode, error.description]).toEqual([bad, 400, "Bad Request: invalid sticker set name is specified"]);
    }
    const longest = `${"c".repeat(64 - suffix.length)}${suffix.toLowerCase()}`;
    await api.createNewStickerSet({ userId: OWNER, name: longest, title: "Cats", stickers: [await sticker()] });
    const taken = await refused(
      api.createNewStickerSet({ userId: OWNER, name: longest.toUpperCase(), title: "Cats", stickers: [await sticker()] }),
    );
    expect(taken.description).toBe("Bad Request: sticker set name is already occupied");
    const untitled = await refused(
      api.createNewStickerSet({ userId: OWNER, name: name("untitled"), title: "", stickers: [await sticker()] }),
    );
    expect(untitled.description).toBe("Bad Request: invalid sticker set title specified");
  });

  it("takes 1 to 50 stickers at creation and at most 120 in a set", async () => {
    const { fileId } = await api.uploadStickerFile({
      userId: OWNER,
      sticker: png(await still(512, 512)),
      stickerFormat: "static",
    });
    const one = { sticker: fileId, format: "static" as const, emojiList: ["🙂"] };
    const fiftyOne = await refused(
      api.createNewStickerSet({
        userId: OWNER,
        name: name("many"),
        title: "Many",
        stickers: Array(STAND_IN_LIMITS.stickersAtCreation + 1).fill(one),
      }),
    );
    expect(fiftyOne.description).toBe("Bad Request: too many stickers specified");
    expect(
      (await refused(api.createNewStickerSet({ userId: OWNER, name: name("many"), title: "Many", stickers: [] }))).description,
    ).toBe("Bad Request: STICKERS_EMPTY");

    await api.createNewStickerSet({ userId: OWNER, name: name("many"), title: "Many", stickers: Array(50).fill(one) });
    for (let count = 50; count < STAND_IN_LIMITS.regularPerSet; count++)
      await api.addStickerToSet({ userId: OWNER, name: name("many"), sticker: one });
    expect((await api.getStickerSet({ name: name("many") })).stickers).toHaveLength(120);
    const full = await refused(api.addStickerToSet({ userId: OWNER, name: name("many"), sticker: one }));
    expect(full.description).toBe("Bad Request: STICKERS_TOO_MUCH");
  });

  it("takes 1 to 20 emoji, and up to 20 keywords of 64 characters in all, per sticker", async () => {
    const base = await sticker();
    const twentyOne = Array(21).fill("😀");
    const tooManyEmoji = await refused(
      api.createNewStickerSet({
        userId: OWNER,
        name: name("emoji"),
        title: "Emoji",
        stickers: [{ ...base, emojiList: twentyOne }],
      }),
    );
    expect(tooManyEmoji.description).toBe("Bad Request: can't parse InputSticker: too many emoji specified");
    const noEmoji = await refused(
      api.createNewStickerSet({ userId: OWNER, name: name("emoji"), title: "Emoji", stickers: [{ ...base, emojiList: [] }] }),
    );
    expect(noEmoji.description).toBe("Bad Request: can't parse InputSticker: emoji list must be non-empty");
    const notEmoji = await refused(
      api.createNewStickerSet({
        userId: OWNER,
        name: name("emoji"),
        title: "Emoji",
        stickers: [{ ...base, emojiList: ["cat"] }],
      }),
    );
    expect(notEmoji.description).toBe("Bad Request: can't parse InputSticker: expected a Unicode emoji");

    await api.createNewStickerSet({
      userId: OWNER,
      name: name("emoji"),
      title: "Emoji",
      stickers: [{ ...base, emojiList: twentyOne.slice(1) }],
    });
    const [only] = (await api.getStickerSet({ name: name("emoji") })).stickers;
    const fileId = only?.fileId as string;
    expect((await refused(api.setStickerEmojiList({ sticker: fileId, emojiList: twentyOne }))).description).toBe(
      "Bad Request: can't parse emoji list: too many emoji specified",
    );

    await api.setStickerKeywords({ sticker: fileId, keywords: Array(20).fill("abc") });
    expect((await refused(api.setStickerKeywords({ sticker: fileId, keywords: Array(21).fill("a") }))).description).toBe(
      "Bad Request: too many keywords specified",
    );
    const longWords = ["a".repeat(32), "b".repeat(33)];
    expect((await refused(api.setStickerKeywords({ sticker: fileId, keywords: longWords }))).description).toBe(
      "Bad Request: keywords are too long",
    );
    expect(standIn.sets.get(name("emoji").toLowerCase())?.stickers[0]?.keywords).toEqual(Array(20).fill("abc"));
  });

  it("takes a still with one side of 512 and the other at most 512, up to 512 KB; custom emoji and thumbnails at 100×100", async () => {
    const create = (slug: string, stickers: Awaited<ReturnType<typeof sticker>>[], stickerType?: "custom_emoji") =>
      api.createNewStickerSet({ userId: OWNER, name: name(slug), title: slug, stickers, stickerType });
    expect((await refused(create("wide", [await sticker(513, 512)]))).description).toBe("Bad Request: STICKER_PNG_DIMENSIONS");
    expect((await refused(create("small", [await sticker(511, 511)]))).description).toBe("Bad Request: STICKER_PNG_DIMENSIONS");
    await create("flat", [await sticker(512, 300)]);

    const image = await still(512, 512);
    const atLimit = { sticker: png(padPng(image, STAND_IN_LIMITS.staticMaxBytes)), format: "static" as const, emojiList: ["🙂"] };
    await create("heavy", [atLimit]);
    const over = { ...atLimit, sticker: png(padPng(image, STAND_IN_LIMITS.staticMaxBytes + 1)) };
    expect((await refused(create("heavier", [over]))).description).toBe("Bad Request: file is too big");
    const garbage = { ...atLimit, sticker: png(new Uint8Array(2_000)) };
    expect((await refused(create("garbage", [garbage]))).description).toBe("Bad Request: STICKER_FILE_INVALID");

    await create("emoji", [await sticker(100, 100)], "custom_emoji");
    expect((await refused(create("emoji2", [await sticker(512, 512)], "custom_emoji"))).description).toBe(
      "Bad Request: STICKER_PNG_DIMENSIONS",
    );
    const wrongThumbnail = await refused(
      api.setStickerSetThumbnail({ name: name("flat"), userId: OWNER, format: "static", thumbnail: png(await still(101, 100)) }),
    );
    expect(wrongThumbnail.description).toBe("Bad Request: STICKER_PNG_DIMENSIONS");
  });

  it("acts only for a user who started the bot and has not blocked it", async () => {
    const stranger = await refused(
      api.createNewStickerSet({ userId: 777, name: name("stranger"), title: "Stranger", stickers: [await sticker()] }),
    );
    expect([stranger.errorCode, stranger.description, isBlockedByUser(stranger)]).toEqual([
      400,
      "Bad Request: PEER_ID_INVALID",
      true,
    ]);

    await standIn.blockBot(OWNER);
    const blocked = await refused(
      api.createNewStickerSet({ userId: OWNER, name: name("blocked"), title: "Blocked", stickers: [await sticker()] }),
    );
    expect([blocked.errorCode, blocked.description, isBlockedByUser(blocked), isRetryable(blocked)]).toEqual([
      403,
      "Forbidden: bot was blocked by the user",
      true,
      false,
    ]);
    const message = await refused(api.sendMessage({ chatId: OWNER, text: "hello" }));
    expect(isBlockedByUser(message)).toBe(true);

    await standIn.startBot(OWNER);
    await api.sendMessage({ chatId: OWNER, text: "welcome back" });
  });
});

describe("Telegram's rate limit", () => {
  it("answers 429 with retry_after past a burst, and withRetryAfter waits it out and succeeds", async () => {
    let clock = 1_000_000;
    const limited = await startTelegramStandIn({
      token: TOKEN,
      botUsername: BOT,
      rateLimit: { burst: 3, perSeconds: 1, retryAfter: 2 },
      now: () => clock,
    });
    try {
      const client = createBotApi({ token: TOKEN, apiUrl: limited.url });
      for (let i = 0; i < 3; i++) await client.getMe();
      const tooMany = await refused(client.getMe());
      expect([tooMany.errorCode, tooMany.description, tooMany.retryAfter, isRetryable(tooMany)]).toEqual([
        429,
        "Too Many Requests: retry after 2",
        2,
        true,
      ]);
      // Calling again before the wait is over is refused again, with what is left of it.
      clock += 1_000;
      expect((await refused(client.getMe())).retryAfter).toBe(1);

      // A wait longer than the budget is not waited: the 429 comes back for the queue to reschedule.
      const noWait: number[] = [];
      const sleepRecorded = (waits: number[]) => async (ms: number) => {
        waits.push(ms);
        clock += ms;
      };
      const overBudget = await refused(withRetryAfter(() => client.getMe(), { maxWaitMs: 500, sleep: sleepRecorded(noWait) }));
      expect([overBudget.errorCode, noWait]).toEqual([429, []]);

      const waits: number[] = [];
      const me = await withRetryAfter(() => client.getMe(), { sleep: sleepRecorded(waits) });
      expect(waits).toEqual([1_000]);
      expect(me).toMatchObject({ username: BOT, isBot: true });
    } finally {
      await limited.close();
    }
  });
});

/** A webhook on loopback that records each delivery and answers what `reply` gives. */
async function startWebhook(reply: (update: unknown) => object | undefined = () => undefined) {
  const deliveries: { headers: IncomingHttpHeaders; body: unknown }[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    deliveries.push({ headers: request.headers, body });
    const answer = reply(body);
    response.writeHead(200, answer ? { "Content-Type": "application/json" } : {});
    response.end(answer ? JSON.stringify(answer) : "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/telegram/webhook`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("the webhook, the chat and inline mode", () => {
  const SECRET = "webhook-secret_0123456789";

  it("delivers updates with the secret header, which verifyWebhookSecret accepts and nothing else passes", async () => {
    const webhook = await startWebhook();
    try {
      await api.setWebhook({ url: webhook.url, secretToken: SECRET, allowedUpdates: ["message", "my_chat_member"] });
      expect(standIn.webhook).toEqual({ url: webhook.url, secretToken: SECRET, allowedUpdates: ["message", "my_chat_member"] });
      expect(
        await standIn.startBot(2002, { firstName: "Bo", username: "bo", languageCode: "pt", payload: "link-code-123" }),
      ).toBe(200);

      const [delivery] = webhook.deliveries;
      const header = delivery?.headers["x-telegram-bot-api-secret-token"] as string;
      expect(verifyWebhookSecret(header, SECRET)).toBe(true);
      expect(verifyWebhookSecret(`${SECRET}x`, SECRET)).toBe(false);
      expect(verifyWebhookSecret("short", SECRET)).toBe(false);
      expect(verifyWebhookSecret(undefined, SECRET)).toBe(false);
      expect(verifyWebhookSecret(header, "")).toBe(false);
      const update = parseUpdate(delivery?.body);
      expect(update.message).toMatchObject({ text: "/start link-code-123", chat: { id: 2002, type: "private" } });
      expect(update.message?.from).toEqual({ id: 2002, isBot: false, firstName: "Bo", username: "bo", languageCode: "pt" });

      // An update kind the webhook did not ask for is not delivered.
      expect((await standIn.inlineQuery(2002, "cat")).status).toBeNull();
      await standIn.blockBot(2002);
      expect(parseUpdate(webhook.deliveries[1]?.body).myChatMember?.newChatMember.status).toBe("kicked");

      await api.deleteWebhook();
      expect(await standIn.sendText(OWNER, "anyone there?")).toBeNull();
    } finally {
      await webhook.close();
    }
  });

  it("hands a user's photo to the bot as JPEG sizes, the largest downloadable through getFile", async () => {
    const webhook = await startWebhook();
    try {
      await api.setWebhook({ url: webhook.url, secretToken: SECRET });
      await standIn.sendPhoto(OWNER, await still(600, 400));
      const photo = parseUpdate(webhook.deliveries[0]?.body).message?.photo ?? [];
      expect(photo.map(({ width, height }) => [width, height])).toEqual([
        [90, 60],
        [600, 400],
      ]);
      const file = await api.getFile({ fileId: photo.at(-1)?.fileId as string });
      const bytes = await api.downloadFile(file.filePath as string);
      expect(bytes.length).toBe(file.fileSize);
      expect(await sharp(bytes).metadata()).toMatchObject({ format: "jpeg", width: 600, height: 400 });
    } finally {
      await webhook.close();
    }
  });

  it("sends messages with link buttons and stickers, refuses broken HTML, and runs a method the webhook answers with", async () => {
    const sent = await api.sendMessage({
      chatId: OWNER,
      text: "Your pack is <b>ready</b> &amp; waiting",
      parseMode: "HTML",
      replyMarkup: { inlineKeyboard: [[{ text: "Add to Telegram", url: "https://t.me/addstickers/cats_by_StudioTestBot" }]] },
    });
    expect(sent.replyMarkup?.inlineKeyboard[0]?.[0]?.url).toBe("https://t.me/addstickers/cats_by_StudioTestBot");
    const broken = await refused(api.sendMessage({ chatId: OWNER, text: "1 < 2 for <Ana>", parseMode: "HTML" }));
    expect(broken.description).toMatch(/^Bad Request: can't parse entities/);

    const webp = await sharp(await still(512, 512))
      .webp()
      .toBuffer();
    const withSticker = await api.sendSticker({ chatId: OWNER, sticker: { bytes: webp, filename: "sticker.webp" } });
    expect(withSticker.sticker).toMatchObject({ width: 512, height: 512, isVideo: false });
    await api.sendSticker({ chatId: OWNER, sticker: withSticker.sticker?.fileId as string });
    expect(standIn.sent.get(OWNER)?.map((message) => (message.text ? "text" : "sticker"))).toEqual([
      "text",
      "sticker",
      "sticker",
    ]);

    const webhook = await startWebhook(() => ({ method: "sendMessage", chat_id: OWNER, text: "got it" }));
    try {
      await api.setWebhook({ url: webhook.url, secretToken: SECRET });
      await standIn.sendText(OWNER, "hello bot");
      expect(standIn.sent.get(OWNER)?.at(-1)?.text).toBe("got it");
    } finally {
      await webhook.close();
    }
  });

  it("answers an inline query once, in time, with sticker and article results", async () => {
    const webhook = await startWebhook();
    try {
      await api.setWebhook({ url: webhook.url, secretToken: SECRET });
      const { inlineQueryId } = await standIn.inlineQuery(OWNER, "cat");
      expect(parseUpdate(webhook.deliveries[0]?.body).inlineQuery).toMatchObject({
        id: inlineQueryId,
        query: "cat",
        from: { id: OWNER },
      });
      const { fileId } = await api.uploadStickerFile({
        userId: OWNER,
        sticker: png(await still(512, 512)),
        stickerFormat: "static",
      });
      await api.answerInlineQuery({
        inlineQueryId,
        results: [
          { type: "sticker", id: "s1", stickerFileId: fileId },
          {
            type: "article",
            id: "more",
            title: "More cats",
            inputMessageContent: { messageText: "https://example.com/search?q=cat" },
          },
        ],
        cacheTime: 60,
        isPersonal: true,
      });
      expect(standIn.inlineAnswers.get(inlineQueryId)).toEqual({
        results: [
          { type: "sticker", id: "s1", sticker_file_id: fileId },
          {
            type: "article",
            id: "more",
            title: "More cats",
            input_message_content: { message_text: "https://example.com/search?q=cat" },
          },
        ],
        cache_time: 60,
        is_personal: true,
        next_offset: "",
      });
      const again = await refused(api.answerInlineQuery({ inlineQueryId, results: [] }));
      expect(again.description).toBe("Bad Request: query is too old and response timeout expired or query ID is invalid");
    } finally {
      await webhook.close();
    }
  });
});

describe("failures the sync job tells apart", () => {
  it("a wrong token is 401, an unknown method 404, and the stand-in reads a form-encoded call too", async () => {
    const wrong = await refused(createBotApi({ token: "1:wrong", apiUrl: standIn.url }).getMe());
    expect([wrong.errorCode, wrong.description, isRetryable(wrong)]).toEqual([401, "Unauthorized", false]);
    const unknown = await fetch(`${standIn.url}/bot${TOKEN}/sendTelepathy`, { method: "POST" });
    expect([unknown.status, (await unknown.json()).error_code]).toEqual([404, 404]);

    await api.createNewStickerSet({ userId: OWNER, name: name("form"), title: "Form", stickers: [await sticker()] });
    const form = await fetch(`${standIn.url}/bot${TOKEN}/getStickerSet`, {
      method: "POST",
      body: new URLSearchParams({ name: name("form") }),
    });
    expect((await form.json()).result).toMatchObject({ name: name("form"), title: "Form" });
  });

  it("no answer, and a proxy's 502 page, are retryable", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = await createBotApi({ token: TOKEN, apiUrl: `http://127.0.0.1:${port}` })
      .getMe()
      .catch((error: unknown) => error);
    expect(unreachable).toBeInstanceOf(TelegramNetworkError);
    expect(isRetryable(unreachable)).toBe(true);
    expect(String(unreachable)).not.toContain(TOKEN);

    const proxy = createServer((_request, response) => {
      response.writeHead(502, "Bad Gateway", { "Content-Type": "text/html" });
      response.end("<html>502 Bad Gateway</html>");
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    try {
      const badGateway = await refused(
        createBotApi({ token: TOKEN, apiUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` }).getMe(),
      );
      expect([badGateway.errorCode, isRetryable(badGateway), isBlockedByUser(badGateway)]).toEqual([502, true, false]);
    } finally {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });
});
