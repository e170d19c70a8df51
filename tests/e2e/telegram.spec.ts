import { expect, test } from "./fixtures.ts";
import { makeOwnSticker, signedCall } from "./page-calls.ts";
import { look } from "./screenshots.ts";
import { signInByLink, uniqueEmail } from "./session.ts";
import { pressStart, telegramSet } from "./telegram-stand-in.ts";

test.describe("Add to Telegram through our bot (decision 0044)", () => {
  test("the owner links Telegram from the pack page by pressing Start in the bot, the pack becomes a set in their Telegram, and after the pack changes the set follows", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const telegramUser = 600_000 + Math.floor(Math.random() * 300_000);
    await page.goto("/");
    await signInByLink(page, uniqueEmail("telegram"));
    const stickers = [
      await makeOwnSticker(page, "a fox with a striped scarf"),
      await makeOwnSticker(page, "a robot holding a balloon"),
      await makeOwnSticker(page, "a sleepy cat on a cloud"),
    ];
    const pack = await signedCall<{ packId: string }>(page, "POST", "/api/pack/create", {
      name: "Telegram friends",
      visibility: "public",
      stickerInstIds: stickers,
    });
    await signedCall(page, "POST", "/api/pack/setEmoji", { packId: pack.packId, stickerInstId: stickers[0], emoji: ["🦊"] });

    await page.goto(`/pack/${pack.packId}/telegram-friends`);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const panel = page.getByRole("region", { name: "Export the pack" });
    await panel.getByRole("button", { name: "Add to Telegram" }).click();
    const dialog = page.getByRole("dialog", { name: "Add to Telegram" });
    const deepLink = dialog.getByTestId("telegram-deep-link");
    await expect(deepLink).toHaveAttribute("href", /^https:\/\/t\.me\/StickerStudioE2EBot\?start=[A-Za-z0-9_-]{32}$/);
    await expect(dialog.getByText("Link your Telegram account once")).toBeVisible();
    await look(page, "telegram-link");

    // In Telegram: the user opens the link and presses Start. The dialog carries on by itself.
    await pressStart((await deepLink.getAttribute("href")) as string, telegramUser, "Tia");
    await expect(dialog.getByTestId("telegram-linked-as")).toHaveText("Linked to Telegram as Tia (@tia)", { timeout: 15_000 });
    await expect(dialog.getByTestId("telegram-set-ready")).toBeVisible({ timeout: 60_000 });
    await look(page, "telegram-ready");
    const link = await dialog.getByRole("link", { name: "Open the set in Telegram" }).getAttribute("href");
    expect(link).toMatch(/^https:\/\/t\.me\/addstickers\/\w+_by_StickerStudioE2EBot$/);
    const name = (link as string).split("/").at(-1) as string;
    const made = await telegramSet(name);
    expect(made?.title).toBe("Telegram friends");
    expect(made?.ownerId).toBe(telegramUser);
    expect(made?.stickers.map((sticker) => sticker.format)).toEqual(["static", "static", "static"]);
    expect(made?.stickers[0]?.emojiList).toEqual(["🦊"]);
    expect(made?.thumbnail).not.toBeNull();

    // The dialog fits a phone's width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // The pack changes: one sticker out, new emoji on another. Add to Telegram again brings the set up to date.
    await signedCall(page, "POST", "/api/pack/removeSticker", { packId: pack.packId, stickerInstId: stickers[1] });
    await signedCall(page, "POST", "/api/pack/setEmoji", { packId: pack.packId, stickerInstId: stickers[2], emoji: ["😴", "☁️"] });
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await panel.getByRole("button", { name: "Add to Telegram" }).click();
    await expect(dialog.getByTestId("telegram-linked-as")).toBeVisible();
    await expect(dialog.getByTestId("telegram-set-ready")).toBeVisible({ timeout: 60_000 });
    const updated = await telegramSet(name);
    expect(updated?.stickers.map((sticker) => sticker.emojiList)).toEqual([["🦊"], ["😴", "☁️"]]);

    // Unlinking forgets the account: the next Add asks to link again.
    await dialog.getByRole("button", { name: "Unlink" }).click();
    await expect(dialog.getByTestId("telegram-deep-link")).toBeVisible();
  });
});
