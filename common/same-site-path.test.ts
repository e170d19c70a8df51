import { describe, expect, it } from "vitest";
import { HOSTILE_REDIRECT_TARGETS } from "#tests/fixtures/hostile-redirects.ts";
import { isSameSitePath, sameSitePath } from "./same-site-path.ts";

describe("sameSitePath: a same-site path or the fallback", () => {
  it.each([
    "/",
    "/fr",
    "/ja/stickers/popular/2?x=1",
    "/sticker/abc/cat#top",
    "/pricing?plan=1&a=%2F",
    "/a/b//c",
    "/sticker/1/cute%20cat?q=a%20b",
  ])("keeps the same-site path %j", (path) => {
    expect(sameSitePath(path, "/fallback")).toBe(path);
    expect(isSameSitePath(path)).toBe(true);
  });

  it.each(HOSTILE_REDIRECT_TARGETS.map((target) => [target]))("refuses the hostile target %j", (target) => {
    expect(sameSitePath(target, "/fallback")).toBe("/fallback");
    expect(isSameSitePath(target)).toBe(false);
  });

  it("refuses empty, missing, relative and over-long values", () => {
    for (const value of [undefined, null, "", "stickers", "./x", `/${"a".repeat(1024)}`]) {
      expect(sameSitePath(value, "/fallback")).toBe("/fallback");
    }
  });

  it("refuses a path whose single percent-decoding is another site or is malformed", () => {
    expect(sameSitePath("/%2F%2Fevil.example", "/f")).toBe("/f");
    expect(sameSitePath("/%5Cevil.example", "/f")).toBe("/f");
    expect(sameSitePath("/%09/evil.example", "/f")).toBe("/f");
    expect(sameSitePath("/%E0%A4%A", "/f")).toBe("/f");
  });
});
