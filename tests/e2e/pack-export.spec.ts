import { readFile } from "node:fs/promises";
import type { Download, Locator, Page } from "@playwright/test";
import { type Unzipped, unzipSync } from "fflate";
import { type ExportFileTarget, exportFileBreaches } from "#server/exports/validate/index.ts";
import { expect, test } from "./fixtures.ts";
import { makeOwnSticker, signedCall } from "./page-calls.ts";
import { look } from "./screenshots.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

async function unzipped(download: Download): Promise<Unzipped> {
  return unzipSync(new Uint8Array(await readFile(await download.path())));
}

/** Clicks a download link of the panel and waits for the file. */
async function download(page: Page, link: Locator): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return file;
}

/** Every picture of the zip whose path matches passes its platform's rule. */
function expectAllPass(files: Unzipped, pattern: RegExp, target: ExportFileTarget, count: number) {
  const names = Object.keys(files).filter((name) => pattern.test(name));
  expect(names, `${target} files`).toHaveLength(count);
  for (const name of names) expect(exportFileBreaches(target, files[name] as Uint8Array), name).toEqual([]);
}

test.describe("pack exports from the pack page (decisions 0025, 0043)", () => {
  test("the owner sees why WhatsApp waits for a third sticker, then downloads the pack for WhatsApp, Telegram, Telegram emoji, Signal, Discord, Slack and iMessage and the originals, each file within its platform's rule; the panel fits a phone and reads right to left in Arabic", async ({
    page,
  }) => {
    test.setTimeout(240_000);
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
    await expect(panel.getByRole("button", { name: "Download for WhatsApp" })).toBeDisabled();
    await expect(panel.getByText("WhatsApp needs 3–30 stickers: this pack has 2.")).toBeVisible();
    await expect(panel.getByRole("link", { name: "Download for Telegram", exact: true })).toBeVisible();
    await expect(panel.getByTestId("pack-export-mark")).toContainText("small mark");

    await signedCall(page, "POST", "/api/pack/addStickers", { packId: pack.packId, stickerInstIds: [stickers[2]] });
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(panel.getByText(/WhatsApp needs/)).toHaveCount(0);
    await panel.scrollIntoViewIfNeeded();
    await look(page, "pack-export-panel");

    const whatsapp = await download(page, panel.getByRole("link", { name: "Download for WhatsApp" }));
    expect(whatsapp.suggestedFilename()).toBe("export-friends-whatsapp.wastickers");
    const wa = await unzipped(whatsapp);
    expect(Object.keys(wa).sort()).toEqual(
      ["01.webp", "02.webp", "03.webp", "author.txt", "contents.json", "title.txt", "tray.png"].sort(),
    );
    expectAllPass(wa, /^\d+\.webp$/, "whatsapp-still", 3);
    expectAllPass(wa, /^tray\.png$/, "whatsapp-tray", 1);
    const manifest = JSON.parse(new TextDecoder().decode(wa["contents.json"])).sticker_packs[0];
    for (const sticker of manifest.stickers) expect(sticker.accessibility_text).not.toBe("");

    const telegram = await download(page, panel.getByRole("link", { name: "Download for Telegram", exact: true }));
    expect(telegram.suggestedFilename()).toBe("export-friends-telegram.zip");
    const tg = await unzipped(telegram);
    expectAllPass(tg, /^\d+\.png$/, "telegram-still", 3);
    expectAllPass(tg, /^thumbnail\.png$/, "telegram-thumbnail", 1);
    expect(Object.keys(tg)).toEqual(expect.arrayContaining(["README.txt", "emoji.txt", "keywords.txt"]));

    const emoji = await download(page, panel.getByRole("link", { name: "Download for Telegram custom emoji" }));
    expectAllPass(await unzipped(emoji), /^\d+\.png$/, "telegram-emoji", 3);

    const signal = await download(page, panel.getByRole("link", { name: "Download for Signal" }));
    expect(signal.suggestedFilename()).toBe("export-friends-signal.zip");
    expectAllPass(await unzipped(signal), /^\d+\.webp$/, "signal", 3);

    const discord = await unzipped(await download(page, panel.getByRole("link", { name: "Download for Discord" })));
    expectAllPass(discord, /^stickers\/\d+\.png$/, "discord-sticker", 3);
    expectAllPass(discord, /^emoji\/[a-z0-9_]+\.png$/, "discord-emoji", 3);

    const slack = await unzipped(await download(page, panel.getByRole("link", { name: "Download for Slack" })));
    expectAllPass(slack, /^[a-z0-9_-]+\.png$/, "slack-emoji", 3);

    // iMessage in the size chosen: the large grid's 618 px stickers.
    await panel.getByLabel("Size").selectOption("large");
    const imessage = await unzipped(await download(page, panel.getByRole("link", { name: "Download for iMessage" })));
    const stickerPack = "Stickers.xcstickers/Sticker Pack.stickerpack";
    expect(JSON.parse(new TextDecoder().decode(imessage[`${stickerPack}/Contents.json`])).properties).toEqual({
      "grid-size": "large",
    });
    expectAllPass(imessage, /\.sticker\/\d+\.png$/, "imessage", 3);

    const originals = await download(page, panel.getByRole("link", { name: "Originals (ZIP)" }));
    expect(originals.suggestedFilename()).toBe("export-friends-originals.zip");
    expect(Object.keys(await unzipped(originals)).sort()).toEqual(["01.png", "02.png", "03.png"]);

    // Each place's steps, folded until asked for.
    await panel.getByText("How to add it to Telegram", { exact: true }).click();
    await expect(panel.getByText(/^Send \/newpack/)).toBeVisible();
    await panel.getByText("How to add it to Signal").click();
    await expect(panel.getByText(/^Unzip the file\. In Signal Desktop/)).toBeVisible();

    // The panel fits a phone's width and reads right to left in Arabic.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.goto(`/ar/pack/${pack.packId}/export-friends`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const arabic = page.getByRole("region", { name: "تصدير الحزمة" });
    await expect(arabic.getByRole("heading", { name: "Signal" })).toBeVisible();
    await expect(arabic.getByTestId("export-telegram").getByRole("link")).toHaveAttribute(
      "href",
      `/files/pack/${pack.packId}/telegram?lang=ar`,
    );
    const arabicOverflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(arabicOverflow).toBeLessThanOrEqual(0);
  });
});
