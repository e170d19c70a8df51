import { readFile } from "node:fs/promises";
import type { Download } from "@playwright/test";
import { unzipSync } from "fflate";
import { expect, test } from "./fixtures.ts";
import { makeOwnSticker, signedCall } from "./page-calls.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

/** The names of the files inside a downloaded zip. */
async function entriesOf(download: Download): Promise<string[]> {
  const path = await download.path();
  return Object.keys(unzipSync(new Uint8Array(await readFile(path)))).sort();
}

test.describe("pack exports from the pack page (decision 0025)", () => {
  test("the owner sees why WhatsApp waits for a third sticker, then downloads the WhatsApp, Telegram and originals files from the pack page, which fits a phone and reads right to left in Arabic", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.goto("/");
    await signInByLink(page, uniqueEmail("export"));
    const stickers = [
      await makeOwnSticker(page, "a fox with a striped scarf"),
      await makeOwnSticker(page, "a robot holding a balloon"),
      await makeOwnSticker(page, "a sleepy cat on a cloud"),
    ];
    const pack = await signedCall<{ packId: string }>(page, "POST", "/api/pack/create", {
      name: "Export friends",
      visibility: "public",
      stickerInstIds: stickers.slice(0, 2),
    });

    await page.goto(`/pack/${pack.packId}/export-friends`);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const panel = page.getByRole("region", { name: "Export the pack" });
    await expect(panel.getByRole("button", { name: "WhatsApp" })).toBeDisabled();
    await expect(panel.getByText("WhatsApp needs 3–30 stickers: this pack has 2.")).toBeVisible();
    await expect(panel.getByRole("link", { name: "Telegram" })).toBeVisible();

    await signedCall(page, "POST", "/api/pack/addStickers", { packId: pack.packId, stickerInstIds: [stickers[2]] });
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(panel.getByText(/WhatsApp needs/)).toHaveCount(0);

    const [whatsapp] = await Promise.all([page.waitForEvent("download"), panel.getByRole("link", { name: "WhatsApp" }).click()]);
    expect(whatsapp.suggestedFilename()).toBe("export-friends-whatsapp.wastickers");
    expect(await entriesOf(whatsapp)).toEqual(
      ["01.webp", "02.webp", "03.webp", "author.txt", "contents.json", "title.txt", "tray.png"].sort(),
    );

    const [telegram] = await Promise.all([page.waitForEvent("download"), panel.getByRole("link", { name: "Telegram" }).click()]);
    expect(telegram.suggestedFilename()).toBe("export-friends-telegram.zip");
    expect(await entriesOf(telegram)).toEqual(["01.png", "02.png", "03.png", "README.txt", "emoji.txt"]);

    const [originals] = await Promise.all([
      page.waitForEvent("download"),
      panel.getByRole("link", { name: "Originals (ZIP)" }).click(),
    ]);
    expect(originals.suggestedFilename()).toBe("export-friends-originals.zip");
    expect(await entriesOf(originals)).toEqual(["01.png", "02.png", "03.png"]);

    // The @Stickers bot's steps, folded until asked for.
    await panel.getByText("How to add it to Telegram").click();
    await expect(panel.getByRole("listitem").filter({ hasText: "/newpack" })).toBeVisible();

    // The panel fits a phone's width and reads right to left in Arabic.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.goto(`/ar/pack/${pack.packId}/export-friends`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const arabic = page.getByRole("region", { name: "تصدير الحزمة" });
    await expect(arabic.getByRole("link", { name: "WhatsApp" })).toBeVisible();
    await expect(arabic.getByRole("link", { name: "Telegram" })).toHaveAttribute(
      "href",
      `/files/pack/${pack.packId}/telegram?lang=ar`,
    );
  });
});
