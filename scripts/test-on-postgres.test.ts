import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** `npm run test:postgres` (scripts/test-on-postgres.ts) as npm runs it, with the environment given. */
function runScript(env: Record<string, string>, args: string[] = []) {
  const { TEST_DATABASE_URL: _url, CI: _ci, TEST_ENGINE: _engine, ...inherited } = process.env;
  const result = spawnSync(process.execPath, ["scripts/test-on-postgres.ts", ...args], {
    encoding: "utf8",
    // This Node first: the vitest it starts needs Node 24, as under `npm run`.
    env: { ...inherited, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`, ...env },
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("the PostgreSQL run (scripts/test-on-postgres.ts)", () => {
  it("says loudly that the concurrency proofs did not run when TEST_DATABASE_URL is unset, and passes outside CI", () => {
    const { status, output } = runScript({});
    expect(status).toBe(0);
    expect(output).toContain("PostgreSQL run NOT done: TEST_DATABASE_URL is not set");
    expect(output).toContain("concurrency proofs");
  });

  it("fails with a clear message under CI=true without TEST_DATABASE_URL", () => {
    const { status, output } = runScript({ CI: "true" });
    expect(status).toBe(1);
    expect(output).toContain("PostgreSQL run NOT done: TEST_DATABASE_URL is not set");
    expect(output).toContain("CI=true: failing");
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "with TEST_DATABASE_URL (and under CI=true) runs the suites on PostgreSQL",
    () => {
      const { status, output } = runScript({ TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? "", CI: "true" }, [
        "server/db/migrations.test.ts",
        "--reporter=verbose",
      ]);
      expect(output).not.toContain("NOT done");
      expect(output).toContain("migrations (PostgreSQL)");
      expect(status).toBe(0);
    },
    120_000,
  );
});
