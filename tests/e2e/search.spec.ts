import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** The header's search box that this width shows (desktop: in the bar; phone: in a row under it). */
function headerSearchBox(page: Page) {
  return page.locator("header").getByRole("searchbox").locator("visible=true");
}

async function searchFromHeader(page: Page, home: string, query: string) {
  await page.goto(home);
  const box = headerSearchBox(page);
  await expect(box).toHaveCount(1);
  await box.fill(query);
  await box.press("Enter");
}

const SCREENSHOTS = process.env.SEARCH_SCREENSHOTS;

test.describe("search and tags (decision 0030)", () => {
  test("English: 'cat' typed in the header finds cat stickers and names the subject", async ({ page }, info) => {
    await searchFromHeader(page, "/", "cat");
    await expect(page).toHaveURL(/\/search\?q=cat$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stickers for “cat”");
    const results = page.getByRole("list", { name: "Search results" }).locator('a[href^="/sticker/"]');
    await expect(results.first()).toBeVisible();
    expect(await results.count()).toBeGreaterThan(0);
    await expect(
      page.getByRole("navigation", { name: "Subjects" }).getByRole("link", { name: "#cat", exact: true }),
    ).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/search-en-${info.project.name}.png`, fullPage: false });
  });

  test("Chinese: '猫' typed in the header on /zh finds cats, the subject named 猫", async ({ page }, info) => {
    await searchFromHeader(page, "/zh", "猫");
    await expect(page).toHaveURL(/\/zh\/search\?q=%E7%8C%AB$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("“猫”的贴纸");
    await expect(page.getByRole("list", { name: "搜索结果" }).locator('a[href^="/zh/sticker/"]').first()).toBeVisible();
    await expect(page.getByRole("navigation", { name: "主题" }).getByRole("link", { name: "#猫", exact: true })).toBeVisible();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/search-zh-${info.project.name}.png`, fullPage: false });
  });

  test("Arabic: 'قطة' typed in the header on /ar finds cats on a right-to-left page", async ({ page }, info) => {
    await searchFromHeader(page, "/ar", "قطة");
    await expect(page).toHaveURL(/\/ar\/search\?q=/);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ملصقات «قطة»");
    await expect(page.getByRole("list", { name: "نتائج البحث" }).locator('a[href^="/ar/sticker/"]').first()).toBeVisible();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/search-ar-${info.project.name}.png`, fullPage: false });
  });

  test("a word nobody used shows the empty state with subjects to try, and a blank query asks for a word", async ({ page }) => {
    await page.goto("/search?q=zzqxvw");
    await expect(page.getByText("No public stickers match “zzqxvw” yet.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Try a subject" }).getByRole("link").first()).toBeVisible();
    await page.goto(`/search?q=${encodeURIComponent("?!")}`);
    await expect(page.getByRole("alert")).toHaveText("Type a word to search for.");
  });

  test("a sticker page links its subject to the tag page, titled in the page's language", async ({ page }, info) => {
    await page.goto("/search?q=cat");
    await page.getByRole("list", { name: "Search results" }).locator('a[href^="/sticker/"]').first().click();
    await expect(page).toHaveURL(/\/sticker\//);
    await page.getByRole("link", { name: "#cat", exact: true }).click();
    await expect(page).toHaveURL(/\/tag\/cat$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cat stickers");
    await expect(page.getByRole("list", { name: "Cat stickers" }).locator('a[href^="/sticker/"]').first()).toBeVisible();
    await page.goto("/ar/tag/cat");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("ملصقات");
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/tag-ar-${info.project.name}.png`, fullPage: false });
    await page.goto("/zh/tag/cat");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("猫贴纸");
    const missing = await page.request.get("/tag/no-such-subject");
    expect(missing.status()).toBe(404);
  });
});
