import { describe, expect, it } from "vitest";
import { packCountBreach } from "./check-pack-count.ts";

describe("packCountBreach", () => {
  it("holds each pack to its platform's count: WhatsApp 3–30, Telegram 1–120 (1–50 at creation, 200 emoji), Signal 1–200", () => {
    const fits = (target: Parameters<typeof packCountBreach>[0], count: number) => packCountBreach(target, count) === null;
    expect([2, 3, 30, 31].map((count) => fits("whatsapp", count))).toEqual([false, true, true, false]);
    expect([0, 1, 120, 121].map((count) => fits("telegram-set", count))).toEqual([false, true, true, false]);
    expect([50, 51].map((count) => fits("telegram-creation", count))).toEqual([true, false]);
    expect([200, 201].map((count) => fits("telegram-emoji-set", count))).toEqual([true, false]);
    expect([0, 1, 200, 201].map((count) => fits("signal", count))).toEqual([false, true, true, false]);
  });

  it("names the rule, the range and the count", () => {
    expect(packCountBreach("whatsapp", 31)).toEqual({
      rule: "count",
      limit: "3–30",
      actual: 31,
      detail: "WhatsApp pack of 31 stickers, not 3–30",
    });
  });
});
