import { describe, expect, it } from "vitest";
import { sourceFiles, textOf } from "#tests/support/source-files.ts";

/**
 * One error model (docs/ARCHITECTURE.md, "Errors"): calls, loaders and jobs throw `AppError` with a
 * code of common/errors.ts (a job's `retryable` included) and read one with `isAppError(error,
 * "CODE")`. No error is made by pasting a code onto a plain Error, and no code is read by casting
 * an unknown value. Third-party errors keep their own codes inside their adapters:
 * server/generation/openai-provider.ts reads Node's network codes under the OpenAI SDK's errors,
 * server/db/unique-violation.ts PostgreSQL's SQLSTATE (by narrowing, no cast), and
 * server/billing/stripe/stripe-client.ts Stripe's typed `StripeError.code`.
 */

const SELF = "tests/architecture/one-error-model.test.ts";
/** The provider adapter that reads a third-party error's own code. */
const ADAPTERS = new Set(["server/generation/openai-provider.ts"]);

const RULES: { pattern: RegExp; rule: string }[] = [
  { pattern: /Object\.assign\(\s*new Error\b/g, rule: "throw new AppError(code, message, { retryable }) instead" },
  { pattern: /\bas\s*\{\s*(code|retryable)\??\s*:/g, rule: "read a code with isAppError(error, code) instead" },
];

function findingsIn(file: string, text: string): string[] {
  if (file === SELF || ADAPTERS.has(file)) return [];
  return RULES.flatMap(({ pattern, rule }) => [...text.matchAll(pattern)].map((match) => `${file}: ${match[0]} — ${rule}`));
}

describe("one error model", () => {
  it("the check catches each ad-hoc error (it is not vacuous)", () => {
    expect(findingsIn("server/x.ts", 'throw Object.assign(new Error("gone"), { code: "X" })')).toHaveLength(1);
    expect(findingsIn("app/x.tsx", "(error as { code?: string }).code")).toHaveLength(1);
    expect(findingsIn("server/x.ts", "(error as { code: ErrorCode }).code")).toHaveLength(1);
    expect(findingsIn("server/x.ts", "(error as { retryable?: unknown }).retryable")).toHaveLength(1);
    expect(findingsIn("server/x.ts", 'isAppError(error, "PACK_NOT_FOUND")')).toEqual([]);
    expect(findingsIn("server/generation/openai-provider.ts", "(cause as { code?: unknown }).code")).toEqual([]);
  });

  it("no file of app/, server/, common/ or tests/ makes or reads an error's code ad hoc", () => {
    const files = ["app", "server", "common", "tests"].flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(200);
    expect(files.flatMap((file) => findingsIn(file, textOf(file)))).toEqual([]);
  });
});
