import { describe, expect, it } from "vitest";
import { RECHARGE_RECHECK_TOTAL_MS, recheckDelays } from "./recharge-recheck.ts";

describe("/rechargeSuccess re-check back-off", () => {
  it("waits 1 s, then doubles up to 30 s, for two minutes in all", () => {
    expect(recheckDelays()).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 29_000]);
    expect(recheckDelays().reduce((sum, delay) => sum + delay, 0)).toBe(RECHARGE_RECHECK_TOTAL_MS);
  });

  it("never waits longer than the total allows", () => {
    expect(recheckDelays(5000)).toEqual([1000, 2000, 2000]);
  });
});
