/**
 * Builds the offline generator's compact art cache from the installed emoji packages
 * (docs/decisions/0100-offline-generator.md).
 *
 * The Fluent 3D set is a 99 MB JSON file; parsing it costs ~0.5 GB of heap, so no server process
 * may ever do it. This script runs once per install (it is a no-op when the cache is current) and
 * writes, under node_modules/.cache/sticker-art/:
 *   - index.json: every base emoji with its keywords in each language the site speaks
 *   - <set>.json + <set>.bin: the SVG bodies of the used icons, each deflated on its own, so a
 *     process keeps ~30 MB of buffers and inflates one icon in microseconds.
 *
 * Run: node scripts/extract-art.ts [--force]
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { deflateRawSync } from "node:zlib";
import type { ArtIndex, ArtSetKey, IndexedEmoji, SetManifest } from "../server/generation/art/art-format.ts";
import { ART_CACHE_DIR, ART_FORMAT_VERSION, ART_SETS, INDEX_LOCALES, slugOfLabel } from "../server/generation/art/art-format.ts";

const root = join(import.meta.dirname, "..");
const modules = join(root, "node_modules");

interface IconifyJson {
  width?: number;
  height?: number;
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
}
interface EmojibaseEntry {
  label: string;
  hexcode: string;
  tags?: string[];
  emoji: string;
  group?: number;
  subgroup?: number;
  order?: number;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, "utf8")) as T;
const versionOf = (pkg: string): string => readJson<{ version: string }>(join(modules, pkg, "package.json")).version;

const SOURCE_PACKAGES = [...Object.values(ART_SETS).map((s) => s.package), "emojibase-data", "emojilib"];

function stampOf(): string {
  const script = readFileSync(import.meta.filename, "utf8");
  const versions = SOURCE_PACKAGES.map((p) => `${p}@${versionOf(p)}`).join(",");
  return createHash("sha256").update(`${ART_FORMAT_VERSION}|${versions}|${script}`).digest("hex");
}

/** The groups that make sense as stickers: not skin-tone components, not regional letters or flags. */
const STICKER_GROUPS = new Set([0, 1, 3, 4, 5, 6, 7, 8]);

/** CLDR renamed a few emoji after Fluent was drawn. */
const OLD_NAMES: Record<string, string> = {
  "enraged-face": "pouting-face",
  "smiling-face-with-open-hands": "hugging-face",
  "face-with-crossed-out-eyes": "dizzy-face",
};

/** Fluent names some people emoji differently from CLDR ("person-zombie", "man-mage"). */
function resolveIcon(set: IconifyJson, slug: string): string | null {
  const old = OLD_NAMES[slug];
  const names = [slug, `person-${slug}`, `${slug}-default`, `man-${slug}`, `woman-${slug}`, ...(old ? [old] : [])];
  for (const name of names) {
    if (set.icons[name]) return name;
    const alias = set.aliases?.[name];
    if (alias && set.icons[alias.parent]) return alias.parent;
  }
  return null;
}

/** Icons are composed into one SVG, so gradient ids must not collide between icons. */
function prefixIds(body: string, prefix: string): string {
  return body
    .replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);
}

function keywordsByLocale(entries: EmojibaseEntry[]): Map<string, Map<string, string[]>> {
  const byLocale = new Map<string, Map<string, string[]>>();
  for (const [locale, folder] of Object.entries(INDEX_LOCALES)) {
    const data = readJson<EmojibaseEntry[]>(join(modules, "emojibase-data", folder, "data.json"));
    const map = new Map<string, string[]>();
    for (const e of data) map.set(e.hexcode, [e.label, ...(e.tags ?? [])]);
    byLocale.set(locale, map);
  }
  // emojilib adds English search words CLDR lacks ("kitty", "java", "lol").
  const lib = readJson<Record<string, string[]>>(join(modules, "emojilib", "dist", "emoji-en-US.json"));
  const en = byLocale.get("en");
  for (const e of entries) {
    const extra = lib[e.emoji] ?? lib[e.emoji.replace(/\uFE0F/g, "")];
    if (!en || !extra) continue;
    const words = en.get(e.hexcode) ?? [e.label];
    en.set(e.hexcode, [...words, ...extra.slice(1).map((w) => w.replace(/_/g, " "))]);
  }
  return byLocale;
}

function main(): void {
  const force = process.argv.includes("--force");
  const outDir = join(root, ART_CACHE_DIR);
  const stampFile = join(outDir, "stamp.txt");
  const stamp = stampOf();
  if (!force && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) {
    console.log(`art cache is current (${ART_CACHE_DIR})`);
    return;
  }
  const started = Date.now();
  mkdirSync(outDir, { recursive: true });

  const entries = readJson<EmojibaseEntry[]>(join(modules, "emojibase-data", "en", "data.json")).filter(
    (e) => e.group !== undefined && STICKER_GROUPS.has(e.group),
  );
  const sets = Object.entries(ART_SETS) as [ArtSetKey, (typeof ART_SETS)[ArtSetKey]][];
  // Parse one set at a time so the 99 MB one is the only big heap at any moment.
  const resolved = new Map<ArtSetKey, Map<string, string>>();
  const emoji: IndexedEmoji[] = [];
  const slugs = entries.map((e) => slugOfLabel(e.label));

  for (const [key, info] of sets) {
    const set = readJson<IconifyJson>(join(modules, info.package, "icons.json"));
    const names = new Map<string, string>();
    const chunks: Buffer[] = [];
    const manifest: SetManifest = { key, width: set.width ?? 16, height: set.height ?? 16, icons: {} };
    let offset = 0;
    slugs.forEach((slug, i) => {
      const name = resolveIcon(set, slug);
      if (!name) return;
      const icon = set.icons[name];
      if (!icon) return;
      names.set(slug, name);
      const packed = deflateRawSync(prefixIds(icon.body, `${key.replace(/[^a-z0-9]/g, "")}${i}-`), { level: 9 });
      chunks.push(packed);
      manifest.icons[slug] = [offset, packed.length, icon.width ?? manifest.width, icon.height ?? manifest.height];
      offset += packed.length;
    });
    resolved.set(key, names);
    writeFileSync(join(outDir, `${key}.bin.tmp`), Buffer.concat(chunks));
    writeFileSync(join(outDir, `${key}.json.tmp`), JSON.stringify(manifest));
    console.log(`${key}: ${names.size} icons, ${(offset / 1e6).toFixed(1)} MB packed`);
  }

  const keywords = keywordsByLocale(entries);
  entries.forEach((e, i) => {
    const slug = slugs[i] ?? "";
    const inSets = sets.filter(([key]) => resolved.get(key)?.has(slug)).map(([key]) => key);
    // An emoji no colour set can draw is useless to the index.
    if (!inSets.includes("flat") && !inSets.includes("noto")) return;
    const words: Record<string, string[]> = {};
    for (const [locale, map] of keywords) {
      const list = map.get(e.hexcode);
      if (list) words[locale] = [...new Set(list.map((w) => w.toLowerCase().trim()).filter(Boolean))];
    }
    emoji.push({
      slug,
      emoji: e.emoji,
      group: e.group ?? 0,
      subgroup: e.subgroup ?? 0,
      sets: inSets,
      words,
    });
  });
  const index: ArtIndex = { version: ART_FORMAT_VERSION, emoji };
  writeFileSync(join(outDir, "index.json.tmp"), JSON.stringify(index));

  // Rename last, so a reader never sees a half-written cache.
  for (const [key] of sets) {
    renameSync(join(outDir, `${key}.bin.tmp`), join(outDir, `${key}.bin`));
    renameSync(join(outDir, `${key}.json.tmp`), join(outDir, `${key}.json`));
  }
  renameSync(join(outDir, "index.json.tmp"), join(outDir, "index.json"));
  writeFileSync(stampFile, stamp);
  console.log(`art cache written: ${emoji.length} emoji in ${Date.now() - started} ms (${ART_CACHE_DIR})`);
}

main();
