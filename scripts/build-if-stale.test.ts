import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The container image builds once and prunes its build tools (Dockerfile), so its start must not
 * decide the build is stale and try to build again: `BUILD_CHECK=off` skips the check.
 */
const script = path.resolve(import.meta.dirname, "build-if-stale.ts");
const emptyFolder = mkdtempSync(path.join(tmpdir(), "build-check-"));
afterAll(() => rmSync(emptyFolder, { recursive: true, force: true }));

function runIn(folder: string, env: Record<string, string>) {
  return spawnSync(process.execPath, [script], { cwd: folder, env: { ...process.env, ...env }, encoding: "utf8" });
}

describe("build-if-stale", () => {
  it("with BUILD_CHECK=off neither looks at the sources nor builds, even where there is no build at all", () => {
    const skipped = runIn(emptyFolder, { BUILD_CHECK: "off" });
    expect(skipped.status).toBe(0);
    expect(skipped.stdout).not.toContain("Building");
    // Without it, the same folder (no lockfile, no build) is checked, and the check cannot pass.
    const checked = runIn(emptyFolder, { BUILD_CHECK: "" });
    expect(checked.status).not.toBe(0);
    expect(checked.stderr).toMatch(/package-lock\.json/);
  });
});
