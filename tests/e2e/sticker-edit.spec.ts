/**
 * Editing a sticker after it is made (decision 0047), as its owner does it on the sticker page: every
 * control of the editor changes the live preview and, saved, the stored sticker (the page's picture
 * changes address); "Restore the original" brings the first picture back; no points are spent; a
 * visitor has no editor. Once in Arabic, right to left, at phone width too (the mobile project).
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { makeOwnSticker, signedCall } from "./page-calls.ts";
import { look } from "./screenshots.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

test.setTimeout(120_000);

function stickerPicture(page: Page): Locator {
  return page.getByRole("main").locator("img").first();
}

async function openSticker(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

async function pointsOf(page: Page): Promise<number> {
  const info = await signedCall<{ point: number }>(page, "GET", "/api/user/refreshUserInfo", {});
  return info.point;
}

/** Waits for the preview to show a drawing other than `before`; answers its address. */
async function previewChanged(dialog: Locator, before: string): Promise<string> {
  const preview = dialog.getByTestId("edit-preview");
  await expect(preview).not.toHaveAttribute("src", before);
  await expect(preview).toHaveAttribute("src", /\/files\/edit-preview\//);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
  return (await preview.getAttribute("src")) ?? "";
}

/** Opens the editor, changes one control, saves; answers the sticker picture's new address. */
async function saveOneChange(page: Page, change: (dialog: Locator) => Promise<void>): Promise<string> {
  const before = (await stickerPicture(page).getAttribute("src")) ?? "";
  await page.getByRole("button", { name: "Edit sticker" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit sticker" });
  await expect(dialog.getByRole("checkbox", { name: "Flip" })).toBeVisible();
  const previewBefore = (await dialog.getByTestId("edit-preview").getAttribute("src")) ?? "";
  await change(dialog);
  await previewChanged(dialog, previewBefore);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(stickerPicture(page)).not.toHaveAttribute("src", before);
  return (await stickerPicture(page).getAttribute("src")) ?? "";
}

test.describe("editing a sticker after it is made (decision 0047)", () => {
  test("every control changes the stored sticker, for free, and Restore the original brings the first picture back", async ({
    page,
    browser,
  }) => {
    await page.goto("/");
    await signInByLink(page, uniqueEmail("edit"));
    const stickerInstId = await makeOwnSticker(page, 'a happy cat saying "hello"');
    const path = `/sticker/${stickerInstId}`;
    await openSticker(page, path);
    const original = (await stickerPicture(page).getAttribute("src")) ?? "";
    const points = await pointsOf(page);

    const seen = new Set([original]);
    const controls: [string, (dialog: Locator) => Promise<void>][] = [
      ["caption words", (d) => d.getByRole("textbox", { name: "Words" }).fill("good morning")],
      ["caption position", (d) => d.getByText("Top", { exact: true }).click()],
      ["caption colour", (d) => d.getByLabel("Caption colour").fill("#22aa55")],
      ["caption off", (d) => d.getByRole("checkbox", { name: "Show a caption" }).uncheck()],
      ["outline width", (d) => d.getByRole("slider", { name: "Outline width" }).fill("3")],
      ["outline colour", (d) => d.getByLabel("Outline colour").fill("#ff3366")],
      ["shadow", (d) => d.getByRole("checkbox", { name: "Shadow" }).click()],
      ["zoom", (d) => d.getByRole("slider", { name: "Zoom" }).fill("70")],
      ["move left or right", (d) => d.getByRole("slider", { name: "Move left or right" }).fill("20")],
      ["move up or down", (d) => d.getByRole("slider", { name: "Move up or down" }).fill("-10")],
      ["flip", (d) => d.getByRole("checkbox", { name: "Flip" }).check()],
    ];
    for (const [name, change] of controls) {
      const now = await saveOneChange(page, change);
      expect(seen.has(now), `${name} drew a new picture`).toBe(false);
      seen.add(now);
    }
    await look(page, "sticker-edited");

    // The edit is kept over a reload, and is what a visitor sees; they get no editor.
    const edited = (await stickerPicture(page).getAttribute("src")) ?? "";
    await openSticker(page, path);
    await expect(stickerPicture(page)).toHaveAttribute("src", edited);
    const visitor = await (await browser.newContext()).newPage();
    await openSticker(visitor, path);
    await expect(stickerPicture(visitor)).toHaveAttribute("src", edited);
    await expect(visitor.getByRole("button", { name: "Edit sticker" })).toHaveCount(0);

    await page.getByRole("button", { name: "Edit sticker" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit sticker" });
    await look(page, "sticker-editor");
    await dialog.getByRole("button", { name: "Restore the original" }).click();
    await expect(dialog).toBeHidden();
    await expect(stickerPicture(page)).toHaveAttribute("src", original);
    expect(await pointsOf(page)).toBe(points);
  });

  test("in Arabic the editor opens from the address's ?edit, is right to left, its preview follows a change, and closing it forgets ?edit", async ({
    page,
  }) => {
    await page.goto("/");
    await signInByLink(page, uniqueEmail("edit-ar"));
    const stickerInstId = await makeOwnSticker(page, "a red apple");
    // The create result's "Edit sticker" leads to the page with ?edit, which opens the editor at once.
    await openSticker(page, `/ar/sticker/${stickerInstId}?edit`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const dialog = page.getByRole("dialog", { name: "تعديل الملصق" });
    await expect(dialog.getByRole("checkbox", { name: "قلب" })).toBeVisible();
    const before = (await dialog.getByTestId("edit-preview").getAttribute("src")) ?? "";
    await dialog.getByRole("checkbox", { name: "قلب" }).check();
    await previewChanged(dialog, before);
    await look(page, "sticker-editor-ar");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Closed, the address no longer asks for the editor.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]edit/);
  });
});
