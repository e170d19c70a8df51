import { expect, test } from "./fixtures.ts";

/**
 * The Largest Contentful Paint on phones (decision 0023): a list's first row of pictures is in the
 * server's HTML, eager, with a high fetch priority and a preload in the head; the other pictures wait
 * for the layout; every picture offers the 160 px and the 256 px WebP.
 */

/** The `src`, `srcset` candidates, loading and fetch priority of each card picture of a list. */
async function cardImages(page: import("@playwright/test").Page, listName: string) {
  return page
    .getByRole("list", { name: listName })
    .locator("li img")
    .evaluateAll((images) =>
      images.map((image) => ({
        src: image.getAttribute("src") ?? "",
        candidates: (image.getAttribute("srcset") ?? "")
          .split(",")
          .map((candidate) => candidate.trim())
          .filter(Boolean)
          .map((candidate) => {
            const [url = "", width = ""] = candidate.split(/\s+/);
            return { url, width };
          }),
        sizes: image.getAttribute("sizes"),
        loading: image.getAttribute("loading"),
        fetchPriority: image.getAttribute("fetchpriority"),
      })),
    );
}

test.describe("sticker pictures load early and right-sized", () => {
  test("/stickers/latest: the first row is eager with fetchpriority high and preloaded; the rest are lazy; srcset candidates load as WebP", async ({
    page,
    request,
  }) => {
    // The server's HTML, before any script: the first row's preloads sit in the head.
    const html = await (await request.get("/stickers/latest")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const preloads = [...head.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((match) => match[0]);
    const cardPreloads = preloads.filter((link) => link.includes("imageSrcSet="));
    // The first row's two pictures, from the same HTML; two stickers of one drawing share one preload.
    const body = html.slice(html.indexOf("</head>"));
    const firstRow = [...body.matchAll(/<img[^>]*fetchpriority="high"[^>]*>/gi)].map(
      (match) => /srcset="([^" ]+) 160w/i.exec(match[0])?.[1] ?? "?",
    );
    expect(firstRow).toHaveLength(2);
    expect(cardPreloads).toHaveLength(new Set(firstRow).size);
    for (const url of firstRow)
      expect(
        cardPreloads.some((link) => link.includes(url)),
        url,
      ).toBe(true);
    for (const link of cardPreloads) {
      expect(link).toMatch(/imageSrcSet="\/files\/[a-f0-9]{32}-160\.webp 160w, \/files\/[a-f0-9]{32}-256\.webp 256w"/);
      expect(link).toContain('imageSizes="');
      expect(link).toContain('fetchPriority="high"');
    }

    await page.goto("/stickers/latest");
    const images = await cardImages(page, "Latest stickers");
    expect(images.length).toBeGreaterThan(6);
    for (const [index, image] of images.entries()) {
      const first = index < 2;
      expect(image.loading, `card ${index} loading`).toBe(first ? "eager" : "lazy");
      expect(image.fetchPriority, `card ${index} fetchpriority`).toBe(first ? "high" : "auto");
      expect(image.sizes, `card ${index} sizes`).toBeTruthy();
      expect(image.candidates.map((candidate) => candidate.width)).toEqual(["160w", "256w"]);
      expect(image.candidates[1]?.url).toBe(image.src);
    }
    // The page's preloads are its first row's pictures (this page's own list: stickers keep coming).
    const pagePreloads = await page
      .locator('link[rel="preload"][as="image"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute("imagesrcset") ?? ""));
    for (const image of images.slice(0, 2)) {
      expect(pagePreloads.some((srcset) => srcset.includes(image.candidates[0]?.url ?? "?"))).toBe(true);
    }
    for (const image of images.slice(0, 4)) {
      for (const { url } of image.candidates) {
        const response = await request.get(url);
        expect(response.status(), url).toBe(200);
        expect(response.headers()["content-type"], url).toBe("image/webp");
      }
    }
    // The first row's pictures are painted.
    const firstImage = page.getByRole("list", { name: "Latest stickers" }).locator("li img").first();
    await expect
      .poll(() => firstImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
  });

  test("home: the popular stickers below the create panel are lazy, and the style previews offer both widths", async ({
    page,
  }) => {
    await page.goto("/");
    const images = await cardImages(page, "Popular stickers");
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.loading).toBe("lazy");
      expect(image.candidates.map((candidate) => candidate.width)).toEqual(["160w", "256w"]);
    }
    const preview = page.getByRole("radio").first().locator("xpath=..").locator("img");
    await expect(preview).toHaveAttribute("srcset", /-160\.webp 160w, .*-256\.webp 256w$/);
    await expect(preview).toHaveAttribute("sizes", "64px");
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    // A 64 px preview takes the small file wherever 160 device pixels cover it (up to 2.5× density).
    const { currentSrc, density } = await preview.evaluate((image: HTMLImageElement) => ({
      currentSrc: image.currentSrc,
      density: window.devicePixelRatio,
    }));
    expect(currentSrc).toMatch(64 * density <= 160 ? /-160\.webp$/ : /-256\.webp$/);
  });
});
