import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { makeOwnSticker } from "./page-calls.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

const grid = (page: Page, name: string) => page.getByRole("main").getByRole("list", { name, exact: true });

test.describe("favourites, downloads and the owner's visibility (spec §1, §6, §9)", () => {
  test("a favourite added from a popular card shows in Favorites and leaves it when removed on the detail page", async ({
    page,
  }, info) => {
    test.slow(); // signs in by e-mail
    await page.goto("/stickers/popular");
    await signInByLink(page, uniqueEmail("fav"));
    const card = grid(page, "Popular stickers").getByRole("listitem").first();
    const href = await card.getByRole("link").first().getAttribute("href");
    expect(href).toMatch(/^\/sticker\//);
    if (info.project.name === "desktop") await card.hover();
    const heart = card.getByRole("button", { name: "Add to favorites" });
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    const saved = page.waitForResponse((response) => response.url().endsWith("/api/favorite"));
    await heart.click();
    await expect(card.getByRole("button", { name: "Remove from favorites" })).toHaveAttribute("aria-pressed", "true");
    expect((await (await saved).json()).data).toMatchObject({ favorited: true });

    await page.getByRole("link", { name: "Favorites", exact: true }).click();
    await expect(page).toHaveURL(/\/stickers\/favorites$/);
    const favorites = grid(page, "My favorites");
    await expect(favorites.getByRole("listitem")).toHaveCount(1);
    const favorite = favorites.locator(`a[href="${href}"]`);
    await expect(favorite).toBeVisible();
    // The favorites list asks for the hearts of its cards: this one is filled.
    await expect(favorites.getByRole("button", { name: "Remove from favorites" })).toHaveAttribute("aria-pressed", "true");

    await favorite.click();
    await expect(page).toHaveURL(href ?? "");
    const actions = page.getByRole("list", { name: "Sticker actions" });
    const detailHeart = actions.getByRole("button", { name: "Remove from favorites" });
    await expect(detailHeart).toHaveAttribute("aria-pressed", "true");
    const removed = page.waitForResponse((response) => response.url().endsWith("/api/favorite"));
    await detailHeart.click();
    await expect(actions.getByRole("button", { name: "Add to favorites" })).toHaveAttribute("aria-pressed", "false");
    expect((await (await removed).json()).data).toMatchObject({ favorited: false });

    await page.goto("/stickers/favorites");
    await expect(page.getByText("No favorites yet")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Browse popular stickers" })).toHaveAttribute(
      "href",
      "/stickers/popular",
    );
  });

  test("the detail page downloads the watermarked PNG and exports for messengers", async ({ page }) => {
    await page.goto("/stickers/popular");
    await grid(page, "Popular stickers").getByRole("listitem").first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/sticker\//);
    const actions = page.getByRole("list", { name: "Sticker actions" });

    const downloading = page.waitForEvent("download");
    await actions.getByRole("link", { name: "Download" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^ai-sticker-\d{13}\.png$/);
    const png = await readFile(await download.path());
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    const exportButton = actions.getByRole("button", { name: "Export" });
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await exportButton.click();
    await expect(exportButton).toHaveAttribute("aria-expanded", "true");
    const exporting = page.waitForEvent("download");
    await page.getByRole("link", { name: "WhatsApp (WebP)" }).click();
    const exported = await exporting;
    expect(exported.suggestedFilename()).toMatch(/^ai-sticker-\d{13}-whatsapp\.webp$/);
    const webp = await readFile(await exported.path());
    expect(webp.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(webp.subarray(8, 12).toString("latin1")).toBe("WEBP");
    // Escape closes the menu and gives the focus back to its button.
    await exportButton.click();
    await expect(exportButton).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(exportButton).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("link", { name: "Telegram (PNG)" })).toBeHidden();
  });

  test("Make my version (Try it on a public sticker) keeps the prompt and the page's style for the create panel and goes home", async ({
    page,
  }) => {
    await page.goto("/stickers/latest");
    const href = await grid(page, "Latest stickers").getByRole("listitem").first().getByRole("link").first().getAttribute("href");
    await page.goto(`${href}?styleType=1&styleId=3`);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const prompt = await page.getByRole("definition").first().textContent();
    await page.getByRole("link", { name: "Make my version" }).click();
    await expect(page).toHaveURL(/\/\?styleId=3$/);
    const stored = await page.evaluate(() => localStorage.getItem("try_it_data_key"));
    expect(JSON.parse(stored ?? "null")).toMatchObject({ prompt, styleId: 3, remix: { stickerInstId: expect.any(String) } });
  });

  test("a visitor who taps a heart is asked to sign in", async ({ page }) => {
    await page.goto("/stickers/popular");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const card = grid(page, "Popular stickers").getByRole("listitem").first();
    await card.getByRole("button", { name: "Add to favorites" }).click();
    await expect(page.getByRole("dialog", { name: "Sign in to continue" })).toBeVisible();
    await expect(card.getByRole("button", { name: "Add to favorites" })).toHaveAttribute("aria-pressed", "false");
  });

  test("the owner makes their sticker private: it stays theirs and leaves everyone else's view", async ({ page, browser }) => {
    test.slow(); // signs in by e-mail and waits for the generator
    await page.goto("/stickers/stickers");
    await expect(page.getByRole("main").getByRole("button", { name: "Sign in" })).toBeVisible();
    await signInByLink(page, uniqueEmail("owner"));
    // The tab follows the sign-in without a reload.
    await expect(page.getByText("You haven't made a sticker yet")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Create one" })).toHaveAttribute("href", "/");

    const stickerInstId = await makeOwnSticker(page);
    await page.reload();
    const mine = grid(page, "My stickers");
    await expect(mine.getByRole("listitem")).toHaveCount(1);
    await mine.locator(`a[href^="/sticker/${stickerInstId}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/sticker/${stickerInstId}`));
    const stickerUrl = page.url();

    const who = page.getByRole("group", { name: "Who can see it" });
    await expect(who.getByRole("radio", { name: "Public" })).toBeChecked();
    const saved = page.waitForResponse((response) => response.url().endsWith("/api/sticker/setVisibility"));
    await who.getByText("Private", { exact: true }).click();
    await expect(who.getByRole("radio", { name: "Private" })).toBeChecked();
    expect((await (await saved).json()).data).toMatchObject({ stickerInstId, visibility: "private" });
    await page.reload();
    await expect(page.getByRole("group", { name: "Who can see it" }).getByRole("radio", { name: "Private" })).toBeChecked();

    // Someone else meets the page-not-found page, as at an address that never existed.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(stickerUrl);
    await expect(visitor).toHaveURL(/\/notAvailable$/);
    await visitorContext.close();

    // Another sticker's page has no visibility choice for this user.
    await page.goto("/stickers/popular");
    await grid(page, "Popular stickers").getByRole("listitem").first().getByRole("link").first().click();
    await expect(page.getByRole("list", { name: "Sticker actions" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Who can see it" })).toHaveCount(0);
  });
});
