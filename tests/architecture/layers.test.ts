import { describe, expect, it } from "vitest";
import { importsOf, importTarget, isTestFile, sourceFiles, textOf } from "#tests/support/source-files.ts";

/**
 * The layers point one way (docs/ARCHITECTURE.md, "Layers"): `common/` imports neither `app/` nor
 * `server/`; `server/` never imports `app/`; in `app/`, only `*.server.ts(x)` modules (the loaders' server
 * side) import `server/`; product code never imports `tests/`. Imports that leave their top folder, or
 * climb two levels, use the `#app/`, `#server/`, `#common/` and `#tests/` aliases.
 */

const ROOTS = ["app", "server", "common", "tests", "scripts", "bench"] as const;
const ALIASED = new Set(["app", "server", "common", "tests"]);
const PRODUCT = new Set(["app", "server", "common"]);

interface Finding {
  file: string;
  specifier: string;
  rule: string;
}

/** Every rule one import breaks (empty when it is fine). */
function checkImport(file: string, specifier: string): Finding[] {
  const target = importTarget(file, specifier);
  if (!target) return [];
  const from = file.split("/")[0] ?? "";
  const to = target.split("/")[0] ?? "";
  const findings: string[] = [];
  if (from === "common" && (to === "app" || to === "server")) findings.push("common/ imports neither app/ nor server/");
  if (from === "server" && to === "app") findings.push("server/ never imports app/");
  if (from === "app" && to === "server" && !/\.server\.tsx?$/.test(file))
    findings.push("in app/, only *.server.ts modules import server/");
  if (to === "tests" && PRODUCT.has(from) && !isTestFile(file)) findings.push("product code never imports tests/");
  if (specifier.startsWith(".") && ALIASED.has(from) && ALIASED.has(to) && (from !== to || specifier.startsWith("../../")))
    findings.push(`use the #${to}/ alias instead of a deep relative path`);
  if (specifier.startsWith(".") && !ALIASED.has(from) && ALIASED.has(to))
    findings.push(`use the #${to}/ alias instead of a deep relative path`);
  return findings.map((rule) => ({ file, specifier, rule }));
}

describe("imports point one way through the layers", () => {
  it("the check catches each kind of wrong-way import (it is not vacuous)", () => {
    expect(checkImport("common/paging.ts", "#server/config.ts")[0]?.rule).toMatch(/common/);
    expect(checkImport("common/paging.ts", "../app/root.tsx")[0]?.rule).toMatch(/common/);
    expect(checkImport("server/i18n.ts", "../app/i18n/locales/en.json")[0]?.rule).toBe("server/ never imports app/");
    expect(checkImport("server/http/x.test.ts", "#app/features/auth/session.server.ts")[0]?.rule).toBe(
      "server/ never imports app/",
    );
    expect(checkImport("app/features/create/style-picker.tsx", "#server/styles/list-styles.ts")[0]?.rule).toMatch(/server\.ts/);
    expect(checkImport("server/stickers/x.ts", "#tests/support/test-app.ts")[0]?.rule).toMatch(/tests/);
    expect(checkImport("server/stickers/x.ts", "../../common/tasks.ts")[0]?.rule).toMatch(/#common\/ alias/);
    expect(checkImport("server/stickers/deep/x.ts", "../../db/schema.ts")[0]?.rule).toMatch(/#server\/ alias/);
    expect(checkImport("scripts/start.ts", "../server/main.ts")[0]?.rule).toMatch(/#server\/ alias/);
    expect(checkImport("bench/uploads.ts", "#tests/fixtures/hostile-uploads.ts")).toEqual([]);
    expect(checkImport("app/features/stickers/stickers.server.ts", "#server/stickers/get-sticker.ts")).toEqual([]);
    expect(checkImport("server/stickers/x.test.ts", "#tests/support/stickers.ts")).toEqual([]);
    expect(checkImport("server/stickers/x.ts", "../db/schema.ts")).toEqual([]);
  });

  it("no file in app/, server/, common/, tests/, scripts/ or bench/ breaks a rule", () => {
    const files = ROOTS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(200);
    const findings: Finding[] = [];
    for (const file of files) {
      for (const specifier of importsOf(textOf(file))) findings.push(...checkImport(file, specifier));
    }
    expect(findings).toEqual([]);
  });
});
