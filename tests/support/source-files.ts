import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The repository's root folder. */
export const repo = path.resolve(import.meta.dirname, "../..");

/** Every TypeScript file under a top folder, repository-relative with "/" separators. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(repo, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts)$/.test(entry.name))
    .map((entry) => path.posix.join(path.relative(repo, entry.parentPath).split(path.sep).join("/"), entry.name))
    .filter((file) => !file.includes("node_modules"));
}

/** A repository-relative file's text. */
export function textOf(file: string): string {
  return readFileSync(path.join(repo, file), "utf8");
}

/** Whether a file is a test (next to its code, or anything under tests/). */
export function isTestFile(file: string): boolean {
  return /\.(test|spec)\.tsx?$/.test(file) || file.startsWith("tests/");
}

/** An import's specifier: `from "…"`, `import("…")`, a bare `import "…"`, or `vi.mock("…")`. */
export const IMPORT_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+|\bvi\.mock\(\s*)["']([^"']+)["']/gm;

/** The specifiers a file's text imports. */
export function importsOf(text: string): string[] {
  return [...text.matchAll(IMPORT_SPECIFIER)].map((match) => match[1] ?? "");
}

/** The repository-relative file an import in `file` names, or null for a package. */
export function importTarget(file: string, specifier: string): string | null {
  if (specifier.startsWith("#")) return path.posix.normalize(specifier.slice(1));
  if (specifier.startsWith(".")) return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  return null;
}
