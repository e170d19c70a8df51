import { describe, expect, it } from "vitest";
import { checkDiscordEmojiName, checkSlackEmojiName, checkTelegramSetName } from "./check-texts.ts";
import { discordEmojiName, slackEmojiName, telegramSetName } from "./make-names.ts";

const SAMPLES = [
  "Happy Cat!",
  "Café au lait",
  "Straße · Grüße",
  "猫咪",
  "قطة سعيدة",
  "কুকুর",
  "😺😺",
  "",
  "2024 summer",
  "  --hello__world--  ",
  "x".repeat(200),
];

describe("names made from free text", () => {
  it("make Discord and Slack emoji names of lower-case words joined by _", () => {
    expect(discordEmojiName("Happy Cat!")).toBe("happy_cat");
    expect(slackEmojiName("Happy Cat!")).toBe("happy_cat");
    expect(discordEmojiName("Café au lait")).toBe("cafe_au_lait");
    expect(slackEmojiName("Straße · Grüße")).toBe("strasse_grusse");
    expect(discordEmojiName("  --hello__world--  ")).toBe("hello_world");
  });

  it("fall back to a numbered name when the text has no Latin letters or digits", () => {
    expect(discordEmojiName("猫咪", 1)).toBe("sticker_01");
    expect(discordEmojiName("قطة سعيدة", 7)).toBe("sticker_07");
    expect(slackEmojiName("কুকুর", 12)).toBe("sticker_12");
    expect(discordEmojiName("A")).toBe("sticker_01");
  });

  it("make a Telegram set name starting with a letter and ending _by_<bot>, within 64 characters", () => {
    expect(telegramSetName("Happy Cats 7", "StudioBot")).toBe("happy_cats_7_by_StudioBot");
    expect(telegramSetName("2024 summer", "StudioBot")).toBe("stickers_2024_summer_by_StudioBot");
    expect(telegramSetName("猫咪", "StudioBot")).toBe("stickers_by_StudioBot");
    expect(telegramSetName("x".repeat(200), "StudioBot")).toHaveLength(64);
  });

  it("always make names their target's check passes", () => {
    for (const text of SAMPLES) {
      expect(checkDiscordEmojiName(discordEmojiName(text)), text).toEqual([]);
      expect(checkSlackEmojiName(slackEmojiName(text)), text).toEqual([]);
      expect(checkTelegramSetName(telegramSetName(text, "StudioBot"), "StudioBot"), text).toEqual([]);
    }
  });
});
