import { describe, expect, it } from "vitest";
import {
  checkDiscordEmojiName,
  checkDiscordStickerTexts,
  checkSlackEmojiName,
  checkTelegramKeywords,
  checkTelegramSetName,
  checkTelegramSetTitle,
  checkTelegramStickerEmoji,
  checkWhatsAppAccessibilityText,
  checkWhatsAppPackTexts,
  checkWhatsAppStickerEmoji,
} from "./check-texts.ts";

const rules = (breaches: { rule: string }[]) => breaches.map((breach) => breach.rule);

describe("the Telegram text checks", () => {
  it("pass a set name of letters, digits and single underscores ending _by_<bot>, in any case of the bot's name", () => {
    expect(checkTelegramSetName("happy_cats_7_by_StudioBot", "StudioBot")).toEqual([]);
    expect(checkTelegramSetName("Cats_by_studiobot", "StudioBot")).toEqual([]);
  });

  it("break a set name's rules one by one", () => {
    expect(rules(checkTelegramSetName("7cats_by_StudioBot", "StudioBot"))).toEqual(["characters"]);
    expect(rules(checkTelegramSetName("chats_félins_by_StudioBot", "StudioBot"))).toEqual(["characters"]);
    expect(rules(checkTelegramSetName("cats__7_by_StudioBot", "StudioBot"))).toEqual(["characters"]);
    expect(rules(checkTelegramSetName("cats_by_OtherBot", "StudioBot"))).toEqual(["suffix"]);
    expect(rules(checkTelegramSetName(`c${"x".repeat(51)}_by_StudioBot`, "StudioBot"))).toEqual(["length"]);
    expect(rules(checkTelegramSetName("", "StudioBot"))).toEqual(["length", "suffix"]);
  });

  it("hold a title to 1–64 characters", () => {
    expect(checkTelegramSetTitle("Happy cats")).toEqual([]);
    expect(checkTelegramSetTitle("")).toEqual([expect.objectContaining({ rule: "length", limit: "1–64", actual: 0 })]);
  });

  it("want 1–20 emoji per sticker, each one emoji", () => {
    expect(checkTelegramStickerEmoji(["😺", "❤️", "👍🏽"])).toEqual([]);
    expect(rules(checkTelegramStickerEmoji([]))).toEqual(["count"]);
    expect(checkTelegramStickerEmoji(["😺", "cat"])).toEqual([expect.objectContaining({ rule: "emoji", actual: "cat" })]);
  });

  it("allow up to 20 keywords of 64 characters in all, counted over every keyword", () => {
    expect(checkTelegramKeywords([])).toEqual([]);
    expect(checkTelegramKeywords(["猫", "かわいい", "cat"])).toEqual([]);
    expect(checkTelegramKeywords(["a".repeat(40), "b".repeat(25)])).toEqual([
      expect.objectContaining({ rule: "totalLength", limit: 64, actual: 65 }),
    ]);
  });
});

describe("the Discord, Slack and WhatsApp text checks", () => {
  it("hold a Discord emoji name to 2–32 letters, digits and underscores", () => {
    expect(checkDiscordEmojiName("Happy_Cat_2")).toEqual([]);
    expect(rules(checkDiscordEmojiName("happy cat"))).toEqual(["characters"]);
    expect(rules(checkDiscordEmojiName("猫猫"))).toEqual(["characters"]);
    expect(rules(checkDiscordEmojiName("a"))).toEqual(["length"]);
  });

  it("hold a Discord sticker's name to 2–30, its tags to 2–200, its description to empty or 2–100", () => {
    expect(checkDiscordStickerTexts({ name: "happy cat", tags: "😺", description: "" })).toEqual([]);
    expect(checkDiscordStickerTexts({ name: "happy cat", tags: "smile", description: "A cat that smiles" })).toEqual([]);
    const breaches = checkDiscordStickerTexts({ name: "c", tags: "x".repeat(201), description: "d" });
    expect(breaches.map((breach) => breach.detail)).toEqual([
      "Discord sticker name is 1 characters, not 2–30",
      "Discord sticker tags is 201 characters, not 2–200",
      "Discord sticker description is 1 characters, not 2–100",
    ]);
  });

  it("hold a Slack emoji name to lower-case letters, digits, - and _", () => {
    expect(checkSlackEmojiName("happy-cat_2")).toEqual([]);
    expect(rules(checkSlackEmojiName("Happy"))).toEqual(["characters"]);
    expect(rules(checkSlackEmojiName(""))).toEqual(["length"]);
  });

  it("want 1–3 emoji per WhatsApp sticker, a name and publisher of 1–128, accessibility text of 125 (still) or 255 (animated)", () => {
    expect(checkWhatsAppStickerEmoji(["😺", "❤️", "👍"])).toEqual([]);
    expect(rules(checkWhatsAppStickerEmoji(["😺", "❤️", "👍", "🎉"]))).toEqual(["count"]);
    expect(rules(checkWhatsAppPackTexts({ name: "", publisher: "Ana" }))).toEqual(["length"]);
    expect(checkWhatsAppAccessibilityText("x".repeat(200), true)).toEqual([]);
    expect(checkWhatsAppAccessibilityText("x".repeat(200), false)).toEqual([
      expect.objectContaining({ rule: "length", limit: "≤ 125", actual: 200 }),
    ]);
  });
});
