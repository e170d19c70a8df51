/**
 * Hostile names and prompts on the pages (decision 0040): every pack page, sticker page and list that
 * shows one answers 200, with the name as sent in its title and Open Graph tags; the worst of them
 * open in the browser without a script error and fit a phone's width. The server's other places
 * (sitemaps, files, the desk's queues, the sign-in mail) are tests/integration/hostile-names.test.ts.
 */
import type { Page } from "@playwright/test";
import { packPath, stickerPath } from "#server/seo/sitemap-xml.ts";
import { HOSTILE_NAMES, HOSTILE_PROMPTS } from "#tests/fixtures/hostile-names.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { makeOwnSticker, signedCall } from "./page-calls.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Text of an HTML attribute or element as the browser reads it. */
function decodeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? entity;
  });
}

/** The page's `<title>` and `og:title`, decoded, as served (before any script runs). */
async function headOf(page: Page, path: string) {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const title = decodeHtml(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
  const ogTitle = decodeHtml(/<meta property="og:title" content="([^"]*)"/.exec(html)?.[1] ?? "");
  return { title, ogTitle };
}

test.describe("hostile names on the pages", () => {
  test("every kept pack name: its page answers 200 with the name in <title> and og:title; the packs list in three languages and the sitemap answer 200", async ({
    page,
  }) => {
    test.slow(); // signs in, makes a sticker and 30 packs
    await page.goto("/");
    await signInByLink(page, uniqueEmail("hostile-packs"));
    const sticker = await makeOwnSticker(page, "a red apple");
    for (const hostile of HOSTILE_NAMES.filter((entry) => entry.refused === null)) {
      const pack = await signedCall<{ packId: string; name: string }>(page, "POST", "/api/pack/create", {
        name: hostile.text,
        visibility: "public",
        stickerInstIds: [sticker],
      });
      const head = await headOf(page, packPath(pack));
      expect(head.title, hostile.label).toContain(pack.name);
      expect(head.ogTitle, hostile.label).toContain(pack.name);
    }
    for (const path of ["/packs", "/de/packs", "/ar/packs", "/sitemaps/packs-1.xml"]) {
      expect((await page.request.get(path)).status(), path).toBe(200);
    }
  });

  test("prompts at the slug's cut and with markup, bidi and ZWJ emoji: their sticker pages answer 200 with the name in <title>; latest, search and the sitemap answer 200", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow(); // draws a dozen stickers, six per user (each starts with 10 points)
    const kept = HOSTILE_PROMPTS.filter((entry) => entry.refused === null);
    for (let from = 0; from < kept.length; from += 6) {
      const context = await browser.newContext({ baseURL });
      const maker = await context.newPage();
      await maker.goto("/");
      await signInByLink(maker, uniqueEmail(`hostile${from}`));
      for (const hostile of kept.slice(from, from + 6)) {
        // Private: the run's other tests page through the public lists, which these must not reshuffle.
        const stickerInstId = await makeOwnSticker(maker, hostile.text, "private");
        const sticker = await signedCall<{ stickerInstId: string; name: string }>(maker, "GET", "/api/sticker/get", {
          stickerInstId,
        });
        const head = await headOf(maker, stickerPath(sticker));
        expect(head.title, hostile.label).toContain(sticker.name);
        expect(head.ogTitle, hostile.label).toContain(sticker.name);
        const search = await maker.request.get(`/search?q=${encodeURIComponent(hostile.text.slice(0, 90))}`);
        expect(search.status(), hostile.label).toBe(200);
      }
      await context.close();
    }
    for (const path of ["/", "/stickers/latest", "/ar/stickers/latest", "/sitemaps/stickers-1.xml", "/sitemaps/tags.xml"]) {
      expect((await page.request.get(path)).status(), path).toBe(200);
    }
  });

  test("the worst names open in the browser without a script error, and the pack and sticker pages fit a phone's width", async ({
    page,
  }) => {
    test.slow(); // signs in and makes a sticker
    await page.goto("/");
    await signInByLink(page, uniqueEmail("hostile-open"));
    const sticker = await makeOwnSticker(page, "a blue whale");
    const worst = [
      "markup and quotes",
      "a right-to-left override",
      "64 × emoji",
      "64 × Devanagari",
      "an emoji ZWJ sequence across the cut",
    ];
    await page.setViewportSize({ width: 390, height: 844 });
    for (const label of worst) {
      const hostile = HOSTILE_NAMES.find((entry) => entry.label === label)!;
      const pack = await signedCall<{ packId: string; name: string }>(page, "POST", "/api/pack/create", {
        name: hostile.text,
        visibility: "public",
        stickerInstIds: [sticker],
      });
      await page.goto(packPath(pack));
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 }), label).toHaveText(pack.name);
      // The name wraps: nothing is wider than the phone's screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, label).toBeLessThanOrEqual(0);
    }
    // A sticker named by one long word (78 letters, then marks): its page wraps the name and the prompt too.
    const longWord = HOSTILE_PROMPTS.find((entry) => entry.label === "combining marks across the name's cut")!;
    const stickerInstId = await makeOwnSticker(page, longWord.text, "private");
    const longSticker = await signedCall<{ stickerInstId: string; name: string }>(page, "GET", "/api/sticker/get", {
      stickerInstId,
    });
    await page.goto(stickerPath(longSticker));
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(longSticker.name);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, longWord.label).toBeLessThanOrEqual(0);
  });
});
