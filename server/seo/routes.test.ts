import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "#common/languages.ts";
import { stickerSlug } from "#common/stickers.ts";
import { addPrivateSticker, createGalleryTestApp, signInTestUser } from "#tests/support/stickers.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { gallerySticker } from "../seed/seed-database.ts";
import { seoRoutes } from "./routes.ts";

const ORIGIN = "https://stickers.example";
const GALLERY = 5;
let t: TestApp;

beforeAll(async () => {
  t = await createGalleryTestApp(GALLERY, { PUBLIC_URL: `${ORIGIN}/` });
  const owner = await signInTestUser(t, "owner@example.com");
  await addPrivateSticker(t, owner.userId, "privateSticker1");
}, 120_000);
afterAll(() => closeTestApp(t));

async function get(path: string, server: { request(path: string): Response | Promise<Response> } = t.server) {
  const response = await server.request(path);
  return { response, text: await response.text() };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
const urlEntries = (xml: string) => [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1] as string);
const hreflangs = (entry: string) =>
  Object.fromEntries([...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((match) => [match[1], match[2]]));

describe("GET /sitemap.xml", () => {
  it("is a sitemap index of the pages file, the sticker files and the tags file, with absolute URLs from PUBLIC_URL", async () => {
    const { response, text } = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
    expect(text).toContain("<sitemapindex");
    expect(locs(text)).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/stickers-1.xml`,
      `${ORIGIN}/sitemaps/tags.xml`,
    ]);
  });

  it("splits the stickers over as many files as needed", async () => {
    const small = seoRoutes(t.app, { stickersPerFile: 2 });
    const index = await get("/sitemap.xml", small);
    expect(locs(index.text)).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/stickers-1.xml`,
      `${ORIGIN}/sitemaps/stickers-2.xml`,
      `${ORIGIN}/sitemaps/stickers-3.xml`,
      `${ORIGIN}/sitemaps/tags.xml`,
    ]);
    const files = await Promise.all([1, 2, 3].map((n) => get(`/sitemaps/stickers-${n}.xml`, small)));
    expect(files.map((file) => urlEntries(file.text).length)).toEqual([2, 2, 1]);
    expect((await get("/sitemaps/stickers-4.xml", small)).response.status).toBe(404);
  });
});

describe("GET /sitemaps/tags.xml (decision 0030)", () => {
  it("lists the tag page of each subject with a public sticker, with hreflang alternates for all 14 languages", async () => {
    const { response, text } = await get("/sitemaps/tags.xml");
    expect(response.status).toBe(200);
    const entries = urlEntries(text);
    expect(entries.length).toBeGreaterThan(0);
    for (const loc of locs(text)) expect(loc).toMatch(new RegExp(`^${ORIGIN}/tag/[a-z0-9-]+$`));
    for (const entry of entries) expect(Object.keys(hreflangs(entry))).toHaveLength(LANGUAGES.length + 1);
  });
});

describe("GET /sitemaps/pages.xml", () => {
  it("lists home, explore, latest, popular and pricing in every language, each with hreflang alternates for all 14 and x-default English", async () => {
    const { response, text } = await get("/sitemaps/pages.xml");
    expect(response.status).toBe(200);
    const entries = urlEntries(text);
    expect(entries).toHaveLength(5 * LANGUAGES.length);
    const all = locs(text);
    for (const path of ["/stickers/explore", "/stickers/latest", "/stickers/popular", "/pricing"]) {
      expect(all).toContain(`${ORIGIN}${path}`);
      expect(all).toContain(`${ORIGIN}/fr${path}`);
      expect(all).toContain(`${ORIGIN}/zh-TW${path}`);
    }
    expect(all).toContain(`${ORIGIN}/`);
    expect(all).toContain(`${ORIGIN}/ar`);
    for (const entry of entries) {
      const links = hreflangs(entry);
      expect(Object.keys(links)).toHaveLength(LANGUAGES.length + 1);
      expect(links["x-default"]).toBe(links.en);
    }
    const pricing = hreflangs(entries.find((entry) => entry.includes(`<loc>${ORIGIN}/de/pricing</loc>`)) ?? "");
    expect(pricing).toMatchObject({ en: `${ORIGIN}/pricing`, de: `${ORIGIN}/de/pricing`, "zh-TW": `${ORIGIN}/zh-TW/pricing` });
  });
});

describe("GET /sitemaps/stickers-1.xml", () => {
  it("lists every public sticker's detail page with its slug and alternates in all 14 languages (English at the root)", async () => {
    const { response, text } = await get("/sitemaps/stickers-1.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const entries = urlEntries(text);
    expect(entries).toHaveLength(GALLERY);
    expect(text).not.toContain("privateSticker1");
    const first = gallerySticker(0);
    const path = `/sticker/${first.stickerInstId}/${encodeURIComponent(stickerSlug(first.prompt))}`;
    const entry = entries.find((e) => e.includes(`<loc>${ORIGIN}${path}</loc>`));
    expect(entry).toBeDefined();
    expect(entry).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    const links = hreflangs(entry ?? "");
    expect(Object.keys(links)).toHaveLength(LANGUAGES.length + 1);
    expect(links).toMatchObject({ en: `${ORIGIN}${path}`, fr: `${ORIGIN}/fr${path}`, "x-default": `${ORIGIN}${path}` });
  });
});

describe("GET /robots.txt", () => {
  it("allows everything but /api/ and points at the sitemap", async () => {
    const { response, text } = await get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(text).toContain("User-agent: *\nAllow: /\nDisallow: /api/");
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});
