import { describe, expect, it } from "vitest";
import { importsOf, importTarget, sourceFiles, textOf } from "#tests/support/source-files.ts";

/**
 * The generator (server/generation/, its providers, art, lexicon, prompt reading and drawing) is
 * reached from outside only through its entry, server/generation/index.ts (docs/ARCHITECTURE.md,
 * "Layers"), which exports what the rest of the app and its tests use. scripts/ and bench/ are the
 * generator's own workbench (extracting its art, scoring its prompts, contact sheets, timing it) and
 * may open its files.
 */

const DOMAIN = "server/generation/";
const ENTRY = "server/generation/index.ts";

/** Whether an import in `file` reaches past the generator's entry. */
function pastTheEntry(file: string, specifier: string): boolean {
  const target = importTarget(file, specifier);
  return !file.startsWith(DOMAIN) && target !== null && target.startsWith(DOMAIN) && target !== ENTRY;
}

describe("the generator is reached through its entry", () => {
  it("the check catches an import past the entry (it is not vacuous)", () => {
    expect(pastTheEntry("server/search/x.ts", "../generation/lexicon/hand-ar.ts")).toBe(true);
    expect(pastTheEntry("server/packs/x.ts", "#server/generation/prompt/parse-prompt.ts")).toBe(true);
    expect(pastTheEntry("server/files/x.test.ts", "../generation/variants.ts")).toBe(true);
    expect(pastTheEntry("tests/support/x.ts", "#server/generation/variants.ts")).toBe(true);
    expect(pastTheEntry("server/packs/x.ts", "../generation/index.ts")).toBe(false);
    expect(pastTheEntry("server/generation/render/x.ts", "../art/art-store.ts")).toBe(false);
  });

  it("no file of app/, server/, common/ or tests/ outside server/generation/ imports a file past index.ts", () => {
    const files = ["app", "server", "common", "tests"].flatMap(sourceFiles);
    expect(files).toContain(ENTRY);
    const past = files.flatMap((file) =>
      importsOf(textOf(file))
        .filter((specifier) => pastTheEntry(file, specifier))
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(past).toEqual([]);
  });
});
