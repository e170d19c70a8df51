import { describe, expect, it } from "vitest";
import { packsSitemapXml, stickersSitemapXml, tagsSitemapXml } from "./sitemap-xml.ts";

const ORIGIN = "https://stickers.example";

describe("one bad item never fails a whole sitemap", () => {
  it("leaves out a sticker whose entry cannot be written, tells its id, and writes the others", () => {
    const skipped: string[] = [];
    const xml = stickersSitemapXml(
      ORIGIN,
      [
        { stickerInstId: "goodOne", name: "Cat", createdAt: new Date("2026-11-01") },
        { stickerInstId: "badDate", name: "Dog", createdAt: new Date(Number.NaN) },
        { stickerInstId: "goodTwo", name: "Fox", createdAt: new Date("2026-11-02") },
      ],
      (id) => skipped.push(id),
    );
    expect(skipped).toEqual(["badDate"]);
    expect(xml).toContain(`<loc>${ORIGIN}/sticker/goodOne/cat</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/sticker/goodTwo/fox</loc>`);
    expect(xml).not.toContain("badDate");
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml.endsWith("</urlset>\n")).toBe(true);
  });

  it("leaves out a pack whose entry cannot be written and a tag no URL can hold (a lone surrogate), and writes the others", () => {
    const skipped: string[] = [];
    const packs = packsSitemapXml(
      ORIGIN,
      [
        { packId: "badPack", name: "Cats", updatedAt: new Date(Number.NaN) },
        { packId: "goodPack", name: "Dogs", updatedAt: new Date("2026-11-01") },
      ],
      (id) => skipped.push(id),
    );
    const tags = tagsSitemapXml(ORIGIN, ["cat", "bad\uDC00"], (id) => skipped.push(id));
    expect(skipped).toEqual(["badPack", "bad\uDC00"]);
    expect(packs).toContain(`<loc>${ORIGIN}/pack/goodPack/dogs</loc>`);
    expect(packs.match(/<url>/g)).toHaveLength(1);
    expect(tags).toContain(`<loc>${ORIGIN}/tag/cat</loc>`);
    expect(tags.match(/<url>/g)).toHaveLength(1);
  });
});
