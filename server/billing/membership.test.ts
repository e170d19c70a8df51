import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, httpStatusOf, messageKeyOf } from "#common/errors.ts";
import {
  ANNUAL_PLAN_ID,
  MONTHLY_PLAN_ID,
  PLANS,
  POINT_PACKS,
  planById,
  priceShownFor,
  SUBSCRIPTION_STATUSES,
} from "#common/plans.ts";
import { HOSTILE_REDIRECT_TARGETS } from "#tests/fixtures/hostile-redirects.ts";
import { parseConfig } from "../config.ts";
import { ConfigError } from "../config-error.ts";
import { billingEnvShape, billingOptionsFromEnv, planForPrice, SANDBOX_PRICES } from "./billing-options.ts";
import { grantsMembership, subscribePlanFor, userTypeFor } from "./membership.ts";
import { returnUrl } from "./return-url.ts";

const MEMBERSHIP: Record<(typeof SUBSCRIPTION_STATUSES)[number], boolean> = {
  trialing: true,
  active: true,
  incomplete: false,
  incomplete_expired: false,
  past_due: false,
  canceled: false,
  unpaid: false,
  paused: false,
};

describe("membership", () => {
  it("only trialing and active grant membership, for each of the 8 statuses", () => {
    expect(Object.keys(MEMBERSHIP).sort()).toEqual([...SUBSCRIPTION_STATUSES].sort());
    for (const status of SUBSCRIPTION_STATUSES) expect([status, grantsMembership(status)]).toEqual([status, MEMBERSHIP[status]]);
    expect(grantsMembership(null)).toBe(false);
    expect(grantsMembership(undefined)).toBe(false);
  });

  it("user type: trail without a trial trade whatever the status; formal or other by status once one exists", () => {
    for (const status of [...SUBSCRIPTION_STATUSES, null, undefined]) {
      expect(userTypeFor({ hasTrialTrade: false, status })).toBe("trail");
    }
    for (const status of SUBSCRIPTION_STATUSES) {
      expect([status, userTypeFor({ hasTrialTrade: true, status })]).toEqual([status, MEMBERSHIP[status] ? "formal" : "other"]);
    }
    expect(userTypeFor({ hasTrialTrade: true, status: null })).toBe("other");
  });

  it("users.subscribePlan is the price id while the subscription grants membership, else empty", () => {
    for (const status of SUBSCRIPTION_STATUSES) {
      expect(subscribePlanFor({ status, priceId: "price_x" })).toBe(MEMBERSHIP[status] ? "price_x" : "");
    }
    expect(subscribePlanFor(null)).toBe("");
  });
});

describe("plans", () => {
  it("free 0, annual 1 (popular), monthly 2 (basic) with the spec's shown and original amounts", () => {
    expect(PLANS.map((p) => [p.id, p.key, p.displayAmount, p.originalAmount])).toEqual([
      [0, "free", 0, 0],
      [1, "popular", 1, 6.99],
      [2, "basic", 1, 9.99],
    ]);
    // The annual plan is billed yearly at 12 × 6.99; the intro period is the shown $1 a month.
    expect(planById(ANNUAL_PLAN_ID)).toMatchObject({ interval: "year", periodAmountCents: 8388, introPeriodAmountCents: 1200 });
    expect(planById(MONTHLY_PLAN_ID)).toMatchObject({ interval: "month", periodAmountCents: 999, introPeriodAmountCents: 100 });
    expect(planById(3)).toBeUndefined();
  });

  it("point packs have unique ids and grow in size and price", () => {
    expect(new Set(POINT_PACKS.map((p) => p.id)).size).toBe(POINT_PACKS.length);
    for (let i = 1; i < POINT_PACKS.length; i++) {
      expect(POINT_PACKS[i]!.points).toBeGreaterThan(POINT_PACKS[i - 1]!.points);
      expect(POINT_PACKS[i]!.amountCents).toBeGreaterThan(POINT_PACKS[i - 1]!.amountCents);
    }
  });

  it("trail users are shown the intro amount; everyone else the regular one", () => {
    const annual = planById(ANNUAL_PLAN_ID)!;
    expect(priceShownFor(annual, "trail")).toEqual({ amount: 1, original: 6.99, intro: true });
    expect(priceShownFor(annual, "formal")).toEqual({ amount: 6.99, original: 6.99, intro: false });
    expect(priceShownFor(planById(0)!, "trail")).toEqual({ amount: 0, original: 0, intro: false });
  });
});

describe("billing options", () => {
  const parse = (env: Record<string, string>) => z.object(billingEnvShape).parse(env);

  it("local mode without keys runs the sandbox with its own price ids and a 7-day trial", () => {
    const options = billingOptionsFromEnv(parse({}), { publicUrl: "http://localhost:3000/", localMode: true, dataDir: "/tmp/d" });
    expect(options).toMatchObject({
      stripe: null,
      prices: SANDBOX_PRICES,
      trialDays: 7,
      publicUrl: "http://localhost:3000",
      sandboxStateFile: "/tmp/d/billing-sandbox.json",
    });
  });

  it("STRIPE_TRIAL_DAYS=0 stops the boot with a ConfigError naming it: no trial would be recorded, so the first-time offer would come back at every checkout", () => {
    expect(() => parseConfig({ STRIPE_TRIAL_DAYS: "0" })).toThrow(ConfigError);
    expect(() => parseConfig({ STRIPE_TRIAL_DAYS: "0" })).toThrow(/STRIPE_TRIAL_DAYS: must be at least 1/);
    expect(
      billingOptionsFromEnv(parseConfig({ STRIPE_TRIAL_DAYS: "1" }), { publicUrl: "http://localhost:3000", localMode: true })
        .trialDays,
    ).toBe(1);
    expect(parseConfig({}).STRIPE_TRIAL_DAYS).toBe(7);
  });

  it("a public site without Stripe keys refuses to start", () => {
    expect(() => billingOptionsFromEnv(parse({}), { publicUrl: "https://stickers.example", localMode: false })).toThrow(
      ConfigError,
    );
    expect(() =>
      billingOptionsFromEnv(parse({ STRIPE_SECRET_KEY: "sk_live_x" }), {
        publicUrl: "https://stickers.example",
        localMode: false,
      }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ANNUAL, STRIPE_PRICE_MONTHLY/);
  });

  it("with keys: prices, coupons, trial days and another API server", () => {
    const options = billingOptionsFromEnv(
      parse({
        STRIPE_SECRET_KEY: "sk_test_1",
        STRIPE_WEBHOOK_SECRET: "whsec_1",
        STRIPE_PRICE_ANNUAL: "price_a",
        STRIPE_PRICE_MONTHLY: "price_m",
        STRIPE_INTRO_COUPON_MONTHLY: "intro_m",
        STRIPE_TRIAL_DAYS: "3",
        STRIPE_API_BASE: "http://127.0.0.1:12111",
      }),
      { publicUrl: "https://stickers.example", localMode: false },
    );
    expect(options).toMatchObject({
      prices: { 1: "price_a", 2: "price_m" },
      introCoupons: { 2: "intro_m" },
      trialDays: 3,
      stripe: { secretKey: "sk_test_1", webhookSecret: "whsec_1", host: "127.0.0.1", port: 12111, protocol: "http" },
    });
    expect(options.introCoupons[ANNUAL_PLAN_ID]).toBeUndefined();
    expect(planForPrice(options, "price_m")).toBe(MONTHLY_PLAN_ID);
    expect(planForPrice(options, "price_other")).toBeNull();
  });
});

describe("return pages", () => {
  const site = { publicUrl: "https://stickers.example" };

  it("paths become URLs on the site with the spec's status and Stripe's literal session placeholder", () => {
    expect(returnUrl(site, undefined, "/rechargeSuccess", "success")).toBe(
      "https://stickers.example/rechargeSuccess?status=success&id={CHECKOUT_SESSION_ID}",
    );
    expect(returnUrl(site, "/de/rechargeSuccess", "/x", "fail")).toBe("https://stickers.example/de/rechargeSuccess?status=fail");
    expect(returnUrl(site, "https://stickers.example/pricing", "/x")).toBe("https://stickers.example/pricing");
  });

  it("refuses other sites (open redirects): every hostile target of the redirect table", () => {
    for (const page of ["https://evil.example/x", "//evil.example/x", "/\\evil.example/x", ...HOSTILE_REDIRECT_TARGETS]) {
      expect(() => returnUrl(site, page, "/x", "success"), JSON.stringify(page)).toThrow(/another site/);
    }
  });

  it("billing errors carry a code, an HTTP status and a catalog key", () => {
    const error = new AppError("PLAN_UNCHANGED");
    expect([error.code, httpStatusOf(error.code), messageKeyOf(error.code)]).toEqual([
      "PLAN_UNCHANGED",
      409,
      "errors.planUnchanged",
    ]);
  });
});
