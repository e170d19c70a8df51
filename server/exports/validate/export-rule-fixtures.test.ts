import { describe, expect, it } from "vitest";
import { EXPORT_FILE_TARGETS } from "./assert-valid.ts";
import { RULE_PAIRS, verdictOf } from "./export-rule-fixtures.ts";

describe("every export rule at its limit and one step past it", () => {
  it("has a byte pair and a size pair for every file target with those limits", () => {
    const downloads = ["webp", "gif", "apng"];
    for (const target of EXPORT_FILE_TARGETS) {
      const rules = RULE_PAIRS.filter((pair) => pair.target === target).map((pair) => pair.rule);
      expect(rules, target).toContain("edge");
      if (!downloads.includes(target)) expect(rules, target).toContain("bytes");
    }
  });

  for (const pair of RULE_PAIRS)
    it(`${pair.target}: ${pair.rule} ${pair.limit} — ${pair.atLimit} passes, ${pair.oneOver} breaks it`, async () => {
      const result = await pair.run();
      expect(result.atLimit).toEqual([]);
      expect(result.oneOver.map((breach) => breach.rule)).toEqual([pair.rule]);
      expect(verdictOf(pair, result)).toEqual({ atLimitRight: true, oneOverRight: true });
    });
});
