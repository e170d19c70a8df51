import { describe, expect, it } from "vitest";
import { artEmojiBySlug } from "../art/art-store.ts";
import { keywordIndex } from "../lexicon/keyword-index.ts";
import { HAN_HEADS } from "./cjk-heads.ts";
import { parsePrompt } from "./parse-prompt.ts";

// Words of no eval list and not in the lexicon (decision 0053): read by rules over characters.
const main = (prompt: string, locale: string) => parsePrompt(prompt, locale).subjects[0]?.slug;
const slugs = (prompt: string, locale: string) => parsePrompt(prompt, locale).subjects.map((s) => s.slug);

describe("Han head characters", () => {
  it("are test words the lexicon does not know", () => {
    const index = keywordIndex();
    for (const word of ["斗鱼", "金刚鹦鹉", "炸醬麵", "蛋炒饭", "绣球花", "鲫鱼", "秋田犬", "八哥鳥", "一朵绣球"]) {
      expect(index.has(word), word).toBe(false);
    }
  });

  it("name emoji the art has", () => {
    const art = artEmojiBySlug();
    for (const slug of new Set(HAN_HEADS.values())) expect(art.has(slug), slug).toBe(true);
  });

  it("read an unknown compound by the kind its last character names", () => {
    expect(main("斗鱼", "zh")).toBe("tropical-fish");
    expect(main("鲫鱼", "zh")).toBe("tropical-fish");
    expect(main("秋田犬", "zh")).toBe("dog-face");
    expect(main("炸醬麵", "zh-TW")).toBe("steaming-bowl");
    expect(main("蛋炒饭", "zh")).toBe("cooked-rice");
    expect(main("绣球花", "zh")).toBe("cherry-blossom");
    expect(main("八哥鳥", "zh-TW")).toBe("bird");
  });

  it("read an unknown compound by its longest known suffix, dropping the modifier that names the kind", () => {
    expect(slugs("金刚鹦鹉", "zh")).toEqual(["parrot"]);
    expect(slugs("蛋炒饭", "zh")).toEqual(["cooked-rice"]);
  });

  it("leave 面 to its other senses: 里面 is inside, not noodles", () => {
    expect(slugs("盒子里面的猫", "zh")).not.toContain("steaming-bowl");
    expect(slugs("外面的狗", "zh")).toEqual(["dog-face"]);
  });

  it("keep two head characters side by side as two things, and a mood before a kind as a mood", () => {
    expect(slugs("猫狗", "zh").sort()).toEqual(["cat-face", "dog-face"]);
    expect(slugs("猫吃鱼", "zh").sort()).toEqual(["cat-face", "tropical-fish"]);
    const happy = parsePrompt("开心狗", "zh");
    expect(happy.subjects[0]?.slug).toBe("dog-face");
    expect(happy.decorations.length).toBeGreaterThan(0);
  });
});

describe("pet names", () => {
  it("read a doubled character as the thing it names", () => {
    expect(main("鸭鸭", "zh")).toBe("duck");
  });

  it("peel endearment suffixes after a known noun", () => {
    expect(slugs("熊猫宝宝", "zh")).toEqual(["panda"]);
    expect(slugs("豬仔", "zh-TW")).toEqual(["pig-face"]);
    expect(slugs("ねこちゃん", "ja")).toEqual(["cat-face"]);
    expect(slugs("うさぎさん", "ja")).toEqual(["rabbit-face"]);
    expect(slugs("토끼짱", "ko")).toEqual(["rabbit-face"]);
  });

  it("read Japanese 子 before an animal as its young, unvoicing the rendaku", () => {
    expect(main("子うさぎ", "ja")).toBe("rabbit-face");
  });
});

describe("counters", () => {
  it("skip a numeral and its measure word so the counted noun is the subject", () => {
    expect(slugs("两只仓鼠", "zh")).toEqual(["hamster"]);
    expect(slugs("几条金鱼", "zh")).toEqual(["tropical-fish"]);
    expect(slugs("고양이 두 마리", "ko")).toEqual(["cat-face"]);
    expect(slugs("三匹の子豚", "ja")).toEqual(["pig-face"]);
  });

  it("give the counter's kind when the counted noun is unknown", () => {
    expect(main("一朵绣球", "zh")).toBe("blossom");
    expect(main("一碗杂酱", "zh")).toBe("steaming-bowl");
    expect(main("一輪のリンドウ", "ja")).toBe("blossom");
    expect(main("二羽のシマエナガ", "ja")).toBe("bird");
    expect(main("목련 한 송이", "ko")).toBe("blossom");
  });

  it("give way to a counted noun that is known", () => {
    expect(slugs("三杯奶茶", "zh")).toEqual(["bubble-tea"]);
    expect(slugs("꽃 한 다발", "ko")).toEqual(["cherry-blossom"]);
    expect(slugs("커피 한 잔", "ko")).toEqual(["hot-beverage"]);
  });

  it("leave a one-syllable Korean noun that is also a counter alone", () => {
    expect(main("개", "ko")).toBe("dog-face");
  });
});

describe("possessives", () => {
  it("draw the thing after の and 의, not whose it is", () => {
    expect(slugs("おばあちゃんの猫", "ja")).toEqual(["cat-face"]);
    expect(slugs("犬の家", "ja")).toEqual(["house-with-garden"]);
    expect(main("고양이의 모자", "ko")).toBe("top-hat");
  });

  it("keep the place before の中 and の上: the box of 箱の中の猫 is drawn", () => {
    expect(slugs("箱の中の猫", "ja")).toEqual(["cat-face", "package"]);
  });
});
