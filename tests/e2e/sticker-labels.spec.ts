/**
 * A sticker's emoji, keywords and alt text on its page (decision 0042): made automatically, changed by
 * its owner in a dialog (checked as typed, saved, kept over a reload, the picture's alt with them),
 * seen by a visitor without the edit button, carried into a pack (its emoji, its picture's alt), sent
 * back to automatic; once in Arabic, right to left.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { makeOwnSticker, signedCall } from "./page-calls.ts";
import { look } from "./screenshots.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

// Each test draws its own sticker through the queue first.
test.setTimeout(90_000);

/** The sticker's own picture (the first in the page's main part; recommendations come after). */
function stickerPicture(page: Page): Locator {
  return page.getByRole("main").locator("img").first();
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function openSticker(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

test.describe("a sticker's emoji, keywords and alt text (decision 0042)", () => {
  test("made automatically; the owner changes all three in the dialog, sees them after a reload and on the picture's alt, a visitor sees them without an edit button, and the owner goes back to automatic", async ({
    page,
    browser,
  }) => {
    await page.goto("/");
    await signInByLink(page, uniqueEmail("labels"));
    const stickerInstId = await makeOwnSticker(page, "a cat with a balloon");
    const path = `/sticker/${stickerInstId}`;

    // A visitor's copy of the page is kept for everyone (decision 0021): it opens before the change.
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await openSticker(visitorPage, path);
    await expect(visitorPage.getByTestId("sticker-emoji")).toContainText("🐈");
    await expect(stickerPicture(visitorPage)).toHaveAttribute("alt", /^Sticker: .*cat/);

    await openSticker(page, path);
    const emojiRow = page.getByTestId("sticker-emoji");
    await expect(emojiRow).toContainText("🐈");
    await expect(emojiRow).toContainText("🎈");
    await expect(page.getByTestId("sticker-keywords").getByText("cat", { exact: true })).toBeVisible();
    const automaticAlt = (await page.getByTestId("sticker-alt-text").textContent()) ?? "";
    expect(automaticAlt).toMatch(/^Sticker: .*cat/);
    await expect(stickerPicture(page)).toHaveAttribute("alt", automaticAlt);
    await expect(page.getByRole("main").getByText("Automatic", { exact: true })).toHaveCount(3);
    const automaticEmoji = ((await emojiRow.textContent()) ?? "").split(" ");

    // Escape closes the dialog and gives the focus back to its button.
    const edit = page.getByRole("button", { name: "Edit emoji and keywords" });
    await edit.click();
    const dialog = page.getByRole("dialog", { name: "Emoji, keywords and alt text" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(edit).toBeFocused();

    await edit.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("checkbox", { name: "Use automatic emoji" })).toBeChecked();
    await expect(dialog.getByRole("textbox", { name: "Alt text", exact: true })).toHaveValue(automaticAlt);
    // The emoji: keep the first, put a party popper after it.
    for (const emoji of automaticEmoji.slice(1)) await dialog.getByRole("button", { name: `Remove ${emoji}` }).click();
    await dialog.getByRole("textbox", { name: /^Add an emoji for / }).fill("🎉");
    await expect(dialog.getByRole("checkbox", { name: "Use automatic emoji" })).not.toBeChecked();
    // A keyword too long: said in the dialog, nothing sent.
    const keywords = dialog.getByRole("textbox", { name: "Keywords", exact: true });
    await keywords.fill(`kitty, ${"x".repeat(33)}`);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("Use up to 20 keywords of 1 to 32 characters each, on one line.")).toBeVisible();
    await expect(keywords).toHaveAttribute("aria-invalid", "true");
    await look(page, "sticker-labels-invalid");
    await keywords.fill("kitty, red balloon, Kitty");
    await expect(keywords).not.toHaveAttribute("aria-invalid", "true");
    await dialog.getByRole("textbox", { name: "Alt text", exact: true }).fill("A grey cat floating away on a red balloon");
    await expectNoHorizontalScroll(page);
    await look(page, "sticker-labels-dialog");
    const saved = page.waitForResponse((response) => response.url().endsWith("/api/sticker/setLabels"));
    await dialog.getByRole("button", { name: "Save" }).click();
    expect((await (await saved).json()).data).toEqual({
      emoji: [automaticEmoji[0], "🎉"],
      keywords: ["kitty", "red balloon"],
      altText: "A grey cat floating away on a red balloon",
      edited: { emoji: true, keywords: true, altText: true },
    });
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText("The sticker's emoji, keywords and alt text are saved.")).toBeVisible();

    // The page shows them at once, and again after a reload; the picture's alt is the new text.
    for (const reload of [false, true]) {
      if (reload) await openSticker(page, path);
      await expect(emojiRow).toHaveText(`${automaticEmoji[0]} 🎉`);
      await expect(page.getByTestId("sticker-keywords").getByRole("listitem")).toHaveText(["kitty", "red balloon"]);
      await expect(page.getByTestId("sticker-alt-text")).toHaveText("A grey cat floating away on a red balloon");
      await expect(stickerPicture(page)).toHaveAttribute("alt", "A grey cat floating away on a red balloon");
      await expect(page.getByRole("main").getByText("Automatic", { exact: true })).toHaveCount(0);
    }
    await expectNoHorizontalScroll(page);
    await look(page, "sticker-labels-saved");

    // A visitor: the new labels (the kept page was dropped), no edit button, the alt text on the picture only.
    await openSticker(visitorPage, path);
    await expect(visitorPage.getByTestId("sticker-emoji")).toHaveText(`${automaticEmoji[0]} 🎉`);
    await expect(visitorPage.getByTestId("sticker-keywords").getByRole("listitem")).toHaveText(["kitty", "red balloon"]);
    await expect(stickerPicture(visitorPage)).toHaveAttribute("alt", "A grey cat floating away on a red balloon");
    await expect(visitorPage.getByRole("button", { name: "Edit emoji and keywords" })).toHaveCount(0);
    await expect(visitorPage.getByTestId("sticker-alt-text")).toHaveCount(0);
    await visitor.close();

    // In a pack: it joins with its labels' emoji, and its picture there has its alt text.
    const pack = await signedCall<{ packId: string; stickers: { emoji: string[] }[] }>(page, "POST", "/api/pack/create", {
      name: "Labelled",
      stickerInstIds: [stickerInstId],
    });
    expect(pack.stickers[0]?.emoji).toEqual([automaticEmoji[0], "🎉"]);
    await openSticker(page, `/pack/${pack.packId}/labelled`);
    await expect(page.getByRole("main").getByRole("img", { name: "A grey cat floating away on a red balloon" })).toBeVisible();
    await openSticker(page, path);

    // Back to automatic, all three.
    await edit.click();
    await expect(dialog).toBeVisible();
    for (const field of ["emoji", "keywords", "alt text"])
      await dialog.getByRole("checkbox", { name: `Use automatic ${field}` }).check();
    await expect(dialog.getByRole("textbox", { name: "Alt text", exact: true })).toHaveValue(automaticAlt);
    const reset = page.waitForResponse((response) => response.url().endsWith("/api/sticker/setLabels"));
    await dialog.getByRole("button", { name: "Save" }).click();
    expect((await (await reset).json()).data.edited).toEqual({ emoji: false, keywords: false, altText: false });
    await expect(dialog).toHaveCount(0);
    await expect(emojiRow).toHaveText(automaticEmoji.join(" "));
    await expect(stickerPicture(page)).toHaveAttribute("alt", automaticAlt);
    await expect(page.getByRole("main").getByText("Automatic", { exact: true })).toHaveCount(3);
  });

  test("in Arabic: the labels and the dialog read right to left, the alt text is Arabic, and keywords typed with the Arabic comma are kept", async ({
    page,
  }) => {
    await page.goto("/");
    await signInByLink(page, uniqueEmail("labels-ar"));
    const stickerInstId = await makeOwnSticker(page, "a cat with a balloon");
    await openSticker(page, `/ar/sticker/${stickerInstId}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(stickerPicture(page)).toHaveAttribute("alt", /^ملصق: /);
    await expect(page.getByRole("main").locator("dt").first()).toContainText("الوصف النصي");
    await expect(page.getByRole("main").locator("dt", { hasText: "الرموز التعبيرية" })).toContainText("تلقائي");

    await page.getByRole("button", { name: "تعديل الرموز التعبيرية والكلمات المفتاحية" }).click();
    const dialog = page.getByRole("dialog", { name: "الرموز التعبيرية والكلمات المفتاحية والنص البديل" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("textbox", { name: "الكلمات المفتاحية", exact: true }).fill("قطة، بالون أحمر");
    await dialog.getByRole("textbox", { name: "النص البديل", exact: true }).fill("قطة رمادية تطير مع بالون أحمر");
    await expectNoHorizontalScroll(page);
    await look(page, "sticker-labels-dialog-ar");
    await dialog.getByRole("button", { name: "حفظ" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId("sticker-keywords").getByRole("listitem")).toHaveText(["قطة", "بالون أحمر"]);
    await expect(stickerPicture(page)).toHaveAttribute("alt", "قطة رمادية تطير مع بالون أحمر");
    await expectNoHorizontalScroll(page);
    await look(page, "sticker-labels-ar");
  });
});
