import { readFile } from "node:fs/promises";
import type { Download, Locator, Page } from "@playwright/test";
import { unzipSync } from "fflate";
import ar from "#common/i18n/locales/ar.json" with { type: "json" };
import { checkTelegramVideoSticker, checkWhatsAppAnimatedSticker, readWebm, readWebp } from "#server/exports/validate/index.ts";
import { expect, test } from "./fixtures.ts";
import { makeOwnSticker, signedCall } from "./page-calls.ts";
import { look } from "./screenshots.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

// A motion task runs through the queue and the motion pool; the downloads are made on first request.
test.setTimeout(150_000);

async function bytesOf(download: Download): Promise<Uint8Array> {
  return new Uint8Array(await readFile(await download.path()));
}

/** Two looks at a picture a moment apart differ: it moves. */
async function expectMoving(picture: Locator) {
  const first = await picture.screenshot();
  await expect
    .poll(async () => Buffer.compare(first, await picture.screenshot()) !== 0, { timeout: 5_000, intervals: [150, 250, 400] })
    .toBe(true);
}

/** The WhatsApp file of a moving sticker: every rule of WhatsApp's animated sticker, and what it holds. */
function expectWhatsAppFile(bytes: Uint8Array) {
  expect(checkWhatsAppAnimatedSticker(bytes)).toEqual([]);
  const webp = readWebp(bytes);
  expect([webp.width, webp.height]).toEqual([512, 512]);
  expect(webp.frames.length).toBeGreaterThan(10);
  expect(webp.frames.every((frame) => frame.durationMs >= 8)).toBe(true);
  expect(webp.frames.reduce((sum, frame) => sum + frame.durationMs, 0)).toBeLessThanOrEqual(10_000);
  expect(bytes.length).toBeLessThanOrEqual(500_000);
}

/** Telegram's video sticker: WebM, VP9 with alpha, 512 px, ≤ 3 s, ≤ 30 fps, ≤ 256 KB, no audio. */
function expectTelegramFile(bytes: Uint8Array) {
  expect(checkTelegramVideoSticker(bytes)).toEqual([]);
  const webm = readWebm(bytes);
  expect(webm.docType).toBe("webm");
  expect(webm.tracks).toHaveLength(1);
  expect(webm.tracks[0]).toMatchObject({ type: "video", codecId: "V_VP9", alphaMode: 1, pixelWidth: 512, pixelHeight: 512 });
  expect(webm.hasBlockAdditions).toBe(true);
  expect(webm.durationMs).toBeLessThanOrEqual(3_000);
  expect(webm.fps).toBeLessThanOrEqual(30);
  expect(bytes.length).toBeLessThanOrEqual(256_000);
}

/** Opens "Make it move" on the sticker page and picks `preset`; the dialog. */
async function makeItMoveOnThePage(page: Page, labels: { open: string; preset: string }) {
  await page.getByRole("button", { name: labels.open }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("radio", { name: labels.preset })).toBeVisible();
  await dialog.getByText(labels.preset, { exact: true }).click();
  await expect(dialog.getByRole("radio", { name: labels.preset })).toBeChecked();
  return dialog;
}

test.describe("stickers that move (decision 0041)", () => {
  test("a sticker made to move from its page: presets with live previews and the price before confirming, then it moves on its page and in the gallery, still for reduced motion, and downloads as WhatsApp's animated WebP and Telegram's video sticker", async ({
    page,
  }) => {
    await page.goto("/");
    await signInByLink(page, uniqueEmail("motion"));
    const stickerInstId = await makeOwnSticker(page, 'a happy cat saying "hello"');
    await page.goto(`/sticker/${stickerInstId}`);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

    const dialog = await makeItMoveOnThePage(page, { open: "Make it move", preset: "Bounce" });
    // Nine presets for a sticker whose caption is its own layer, the caption's among them.
    await expect(dialog.getByRole("radio")).toHaveCount(9);
    await expect(dialog.getByRole("radio", { name: "Typing caption" })).toBeVisible();
    // The chosen preset's live preview loads, and it moves.
    const preview = dialog.getByRole("img", { name: /moving: Bounce/ });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expectMoving(preview);
    // The price and the balance before confirming (10 to start, 1 spent on the sticker).
    await expect(dialog.getByTestId("motion-cost")).toHaveText("Costs 1 point · you have 9");
    await look(page, "motion-dialog");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await dialog.getByRole("button", { name: "Make it move" }).click();
    await expect(dialog.getByRole("status")).toHaveText("Your sticker moves!", { timeout: 90_000 });
    const result = dialog.locator('picture[data-motion="moving"] img');
    await expect(result).toBeVisible();
    await expectMoving(result);

    // The downloads, parsed: WhatsApp's animated WebP and Telegram's video sticker.
    const [webp] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("link", { name: "Animated WebP" }).click(),
    ]);
    expect(webp.suggestedFilename()).toMatch(/^ai-sticker-\d+\.webp$/);
    expectWhatsAppFile(await bytesOf(webp));
    const [webm] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("link", { name: "Telegram video" }).click(),
    ]);
    expect(webm.suggestedFilename()).toMatch(/^ai-sticker-\d+\.webm$/);
    expectTelegramFile(await bytesOf(webm));

    // Its page: it moves there, and its Download is the animated WebP.
    await dialog.getByRole("link", { name: "Open", exact: true }).click();
    await expect(page).not.toHaveURL(new RegExp(`/sticker/${stickerInstId}`));
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const main = page.locator('main picture[data-motion="moving"] img').first();
    await expect(main).toBeVisible();
    expect(await main.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-move1-bounce\.webp$/);
    await expectMoving(main);
    await expect(page.getByRole("link", { name: "Download", exact: true })).toHaveAttribute(
      "href",
      /\/files\/motion\/[a-f0-9]{32}\/bounce\/webp$/,
    );
    await look(page, "motion-sticker-page");

    // In the gallery's newest list, moving too.
    await page.goto("/stickers/latest");
    const card = page.locator('picture[data-motion="moving"] img').first();
    await expect(card).toBeVisible();
    await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-move1-[a-z]+-(256|160)\.webp$/);
    await expectMoving(card);

    // Someone who asked for less motion sees it still.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const still = page.locator("picture[data-motion] img").first();
    await expect(still).toBeVisible();
    await expect
      .poll(() => still.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(/\/files\/[a-f0-9]{32}-(256|160)\.webp$/);
  });

  test("in Arabic, a sticker just made moves from the creation result: its caption types itself right to left, priced first", async ({
    page,
  }) => {
    await page.goto("/");
    await signInByLink(page, uniqueEmail("motion-ar"));
    await page.goto("/ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByLabel(ar.create.promptLabel).fill('قطة تقول "مرحبا"');
    await page.getByRole("button", { name: ar.create.generate }).click();
    await expect(page.getByRole("heading", { name: ar.create.progress.done })).toBeVisible({ timeout: 60_000 });
    const dialog = await makeItMoveOnThePage(page, { open: ar.motion.makeItMove, preset: ar.motion.preset.type });
    await expect(dialog.getByTestId("motion-cost")).toContainText("9");
    await look(page, "motion-dialog-ar");
    await dialog.getByRole("button", { name: ar.motion.confirm }).click();
    await expect(dialog.locator('picture[data-motion="moving"] img')).toBeVisible({ timeout: 90_000 });
    await expectMoving(dialog.locator('picture[data-motion="moving"] img'));
    const made = await dialog.locator("picture source").getAttribute("srcset");
    expect(made).toMatch(/-move1-type\.webp$/);
  });

  test("a pack made to move in one go: its price for every sticker, its progress, then a new pack whose WhatsApp file is an animated pack and whose Telegram zip holds video stickers", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.goto("/");
    await signInByLink(page, uniqueEmail("motion-pack"));
    const stickers = [
      await makeOwnSticker(page, "a green frog"),
      await makeOwnSticker(page, "a yellow sun"),
      await makeOwnSticker(page, "a pink flower"),
    ];
    const pack = await signedCall<{ packId: string }>(page, "POST", "/api/pack/create", {
      name: "Garden",
      visibility: "private",
      stickerInstIds: stickers,
    });
    await page.goto(`/pack/${pack.packId}/garden`);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("button", { name: "Make the pack move" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("All 3 stickers get the motion you pick")).toBeVisible();
    await expect(dialog.getByTestId("motion-cost")).toHaveText("Costs 3 points · you have 7");
    await dialog.getByText("Wiggle", { exact: true }).click();
    await dialog.getByRole("button", { name: "Make them move" }).click();
    await expect(dialog.getByText("Done: 3 stickers move.")).toBeVisible({ timeout: 150_000 });
    await dialog.getByRole("link", { name: "Open the new pack" }).click();
    await expect(page).toHaveURL(/\/pack\/[^/]+\/garden-moving$/);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    // Moving on the pack page, a picture off screen still (on a phone the third is below the fold), and
    // said so in its export panel.
    await expect(page.locator("picture[data-motion]")).toHaveCount(3);
    await expectMoving(page.locator('picture[data-motion="moving"] img').first());
    await expect
      .poll(() =>
        page.locator("picture[data-motion]").evaluateAll((pictures) =>
          pictures.map((picture) => {
            const box = picture.getBoundingClientRect();
            const onScreen = box.bottom > 0 && box.top < window.innerHeight;
            return picture.getAttribute("data-motion") === (onScreen ? "moving" : "still");
          }),
        ),
      )
      .toEqual([true, true, true]);
    const panel = page.getByRole("region", { name: "Export the pack" });
    await expect(panel.getByTestId("pack-motion-note")).toHaveText(
      "Every sticker here moves: WhatsApp gets an animated pack, Telegram video stickers.",
    );
    await look(page, "motion-pack");

    const [whatsapp] = await Promise.all([
      page.waitForEvent("download"),
      panel.getByRole("link", { name: "Download for WhatsApp" }).click(),
    ]);
    const wa = unzipSync(await bytesOf(whatsapp));
    const contents = JSON.parse(new TextDecoder().decode(wa["contents.json"]));
    expect(contents.sticker_packs[0].animated_sticker_pack).toBe(true);
    for (const name of ["01.webp", "02.webp", "03.webp"]) expectWhatsAppFile(wa[name] as Uint8Array);
    expect(wa["tray.png"]).toBeDefined();

    const [telegram] = await Promise.all([
      page.waitForEvent("download"),
      panel.getByRole("link", { name: "Download for Telegram", exact: true }).click(),
    ]);
    const tg = unzipSync(await bytesOf(telegram));
    expect(Object.keys(tg).sort()).toEqual([
      "01.webm",
      "02.webm",
      "03.webm",
      "README.txt",
      "emoji.txt",
      "keywords.txt",
      "thumbnail.png",
    ]);
    for (const name of ["01.webm", "02.webm", "03.webm"]) expectTelegramFile(tg[name] as Uint8Array);
  });
});
