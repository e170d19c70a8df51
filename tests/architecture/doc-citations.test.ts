import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Comments and docs cite documents inside the repository only (docs/ARCHITECTURE.md, "Conventions"):
 * a cited Markdown file exists, a cited section of docs/ARCHITECTURE.md or docs/generator.md is a
 * heading there, "decision NNNN" has a record in docs/decisions/, and "spec §N" is a section of
 * docs/product-spec.md.
 */

const repo = path.resolve(import.meta.dirname, "../..");
const SELF = "tests/architecture/doc-citations.test.ts";
const ROOTS = ["app", "server", "common", "tests", "scripts", "bench", "docs"];
const TOP_FILES = ["README.md"];

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(repo, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|mjs|md)$/.test(entry.name))
    .map((entry) => path.posix.join(path.relative(repo, entry.parentPath).split(path.sep).join("/"), entry.name))
    .filter((file) => !file.includes("node_modules"));
}

const files = [...ROOTS.flatMap(filesUnder), ...TOP_FILES];
const texts = new Map(files.map((file) => [file, readFileSync(path.join(repo, file), "utf8")]));

function headingsOf(file: string): string[] {
  return [...readFileSync(path.join(repo, file), "utf8").matchAll(/^#{2,3} (.+)$/gm)].map((match) => (match[1] ?? "").trim());
}

/** Every match of `pattern` in every file (the product spec itself excluded), with where it was found. */
function citations(pattern: RegExp): { file: string; match: RegExpMatchArray }[] {
  return [...texts].flatMap(([file, text]) =>
    file === "docs/product-spec.md" || file === SELF ? [] : [...text.matchAll(pattern)].map((match) => ({ file, match })),
  );
}

describe("comments and docs cite documents inside the repository", () => {
  it("every Markdown file a comment or doc names exists in the repository", () => {
    const missing = citations(/(?<![\w#/.-])((?:\.\.\/|[\w-]+\/)*[\w-]+\.md)\b/g)
      .map(({ file, match }) => ({ file, cited: match[1] ?? "" }))
      .filter(({ cited }) => !cited.includes("NNNN"))
      .filter(({ file, cited }) => {
        const candidates = [cited, path.posix.join(path.posix.dirname(file), cited), path.posix.join("docs", cited)];
        return !candidates.some((candidate) => !candidate.startsWith("..") && existsSync(path.join(repo, candidate)));
      });
    expect(missing).toEqual([]);
  });

  it('every section cited as docs/ARCHITECTURE.md, "…" or docs/generator.md, "…" is a heading of that file', () => {
    const headings = {
      "docs/ARCHITECTURE.md": headingsOf("docs/ARCHITECTURE.md"),
      "docs/generator.md": headingsOf("docs/generator.md"),
    };
    const cited = citations(/(docs\/ARCHITECTURE\.md|docs\/generator\.md),\s+"([^"]+)"/g).map(({ file, match }) => ({
      file,
      doc: match[1] as keyof typeof headings,
      section: (match[2] ?? "").replace(/\s+/g, " "),
    }));
    expect(cited.length).toBeGreaterThan(5);
    const unknown = cited.filter(({ doc, section }) => !headings[doc].some((heading) => heading.startsWith(section)));
    expect(unknown).toEqual([]);
  });

  it("every decision cited by number has a record in docs/decisions/", () => {
    const records = new Set(readdirSync(path.join(repo, "docs/decisions")).map((name) => name.slice(0, 4)));
    const unknown = citations(/\b[Dd]ecisions? (\d{4})\b/g)
      .map(({ file, match }) => ({ file, decision: match[1] ?? "" }))
      .filter(({ decision }) => !records.has(decision));
    expect(unknown).toEqual([]);
  });

  it("every spec §N cited is a section of docs/product-spec.md", () => {
    const sections = new Set(headingsOf("docs/product-spec.md").map((heading) => heading.match(/^(\d+)\./)?.[1]));
    const cited = citations(/spec\s+§(\d+)/g).map(({ file, match }) => ({ file, section: match[1] ?? "" }));
    expect(cited.length).toBeGreaterThan(100);
    expect(cited.filter(({ section }) => !sections.has(section))).toEqual([]);
  });
});
