import { describe, expect, it } from "vitest";
import { emojiOf, moveItem, packPath, stepOfKey } from "./pack-path.ts";

describe("pack page helpers", () => {
  it("a pack's path carries the slug of its name, or none when the name gives none", () => {
    expect(packPath({ packId: "abc", name: "My Cats" })).toBe("/pack/abc/my-cats");
    expect(packPath({ packId: "abc", name: "!!!" })).toBe("/pack/abc");
  });

  it("a slug in any script is percent-encoded, so a redirect's Location header stays ASCII", () => {
    expect(packPath({ packId: "abc", name: "Котики" })).toBe(`/pack/abc/${encodeURIComponent("котики")}`);
    expect(packPath({ packId: "abc", name: "حزمة صورة" })).toMatch(/^\/pack\/abc\/[\x21-\x7e]+$/);
  });

  it("moving an item puts it at the new index and keeps the others in order", () => {
    expect(moveItem(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a", "b", "c"], 2, 1)).toEqual(["a", "c", "b"]);
    expect(moveItem(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
  });

  it("ArrowLeft moves toward the end in a right-to-left page and toward the start in a left-to-right one", () => {
    expect(stepOfKey("ArrowLeft", "rtl")).toBe(1);
    expect(stepOfKey("ArrowLeft", "ltr")).toBe(-1);
    expect(stepOfKey("ArrowRight", "rtl")).toBe(-1);
    expect(stepOfKey("ArrowDown", "rtl")).toBe(1);
    expect(stepOfKey("a", "ltr")).toBeNull();
  });

  it("emoji typed or pasted are read as whole graphemes, letters dropped, duplicates once", () => {
    expect(emojiOf("😊 hi 👍🏽😊")).toEqual(["😊", "👍🏽"]);
    expect(emojiOf("🇫🇷👨‍👩‍👧")).toEqual(["🇫🇷", "👨‍👩‍👧"]);
    expect(emojiOf("abc")).toEqual([]);
  });
});
