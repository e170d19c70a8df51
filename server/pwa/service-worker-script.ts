import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { APP_ICONS, APPLE_TOUCH_ICON } from "#common/installed-app.ts";
import { basePathOf, LANGUAGES, type Language } from "#common/languages.ts";

const WORKER_SOURCE = readFileSync(new URL("./service-worker.js", import.meta.url), "utf8");

/** Where the offline page of a language is served (and kept by the worker). */
export function offlinePathOf(language: Language): string {
  return `${basePathOf(language)}/offline.html`;
}

/** The build's hashed files, by name (their names change with their content); none without a build. */
function builtAssetNames(clientAssetsDir: string | undefined): string[] {
  if (!clientAssetsDir) return [];
  try {
    return readdirSync(path.join(clientAssetsDir, "assets")).sort();
  } catch {
    return [];
  }
}

/**
 * /sw.js (decision 0045): the worker's source with what it keeps written above it, and a version that
 * changes with anything it serves — the build's file names, the offline pages, the icons, its own
 * source — so each deploy's worker replaces the last and drops its caches, while every process of one
 * deploy serves the same script.
 */
export function serviceWorkerScript(options: {
  clientAssetsDir?: string | undefined;
  offlinePageTexts: readonly string[];
}): string {
  const offlinePages = Object.fromEntries(LANGUAGES.map((language) => [language, offlinePathOf(language)]));
  const icons = [...APP_ICONS, APPLE_TOUCH_ICON].map((icon) => icon.src);
  // English is the fallback of every address; the others are kept as their pages are visited.
  const precache = [offlinePathOf("en")];
  const version = createHash("sha256")
    .update(JSON.stringify([builtAssetNames(options.clientAssetsDir), options.offlinePageTexts, icons, WORKER_SOURCE]))
    .digest("hex")
    .slice(0, 16);
  const build = { version, precache, icons, offlinePages, languages: LANGUAGES };
  return `const BUILD = ${JSON.stringify(build)};\n${WORKER_SOURCE}`;
}
