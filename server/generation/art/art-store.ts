/**
 * The emoji art, loaded once per process from the compact cache that scripts/extract-art.ts writes.
 * Icon bodies stay deflated in one Buffer per set and are inflated on use (microseconds each).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { inflateRawSync } from "node:zlib";
import { ART_CACHE_DIR, ART_FORMAT_VERSION, ART_SETS } from "./art-format.ts";
import type { ArtIndex, ArtSetKey, IndexedEmoji, SetManifest } from "./art-format.ts";

export interface Icon {
  /** SVG markup without the outer <svg>, drawn in a 0 0 width height box. */
  body: string;
  width: number;
  height: number;
  set: ArtSetKey;
}

export interface ArtStore {
  emoji: readonly IndexedEmoji[];
  bySlug: ReadonlyMap<string, IndexedEmoji>;
  /** English kind words → slug of the nearest drawable thing (ArtIndex.kinds). */
  kinds: Readonly<Record<string, string>>;
  /** Phonetic keys of English words of drawable things → slug (ArtIndex.loanKeys). */
  loanKeys: Readonly<Record<string, [string, string][]>>;
  /** The icon from the first set in `preference` that has it. */
  icon(slug: string, preference: readonly ArtSetKey[]): Icon | null;
}

interface LoadedSet {
  manifest: SetManifest;
  data: Buffer;
}

const require = createRequire(import.meta.url);

function repoRoot(): string {
  // node_modules/@iconify-json/fluent-emoji/package.json → the folder holding node_modules
  return join(dirname(require.resolve(`${ART_SETS["3d"].package}/package.json`)), "..", "..", "..");
}

/**
 * Builds the cache in a child process when it is missing: parsing the 3D set needs ~0.5 GB for a
 * moment, which must not land in a server's heap. `npm start`/`npm test` normally build it first.
 */
function ensureCache(dir: string, root: string): void {
  if (existsSync(join(dir, "stamp.txt"))) return;
  execFileSync(process.execPath, [join(root, "scripts", "extract-art.ts")], { stdio: "inherit", cwd: root });
}

function cacheDir(): { root: string; dir: string } {
  const root = repoRoot();
  const dir = join(root, ART_CACHE_DIR);
  ensureCache(dir, root);
  return { root, dir };
}

function readIndex(dir: string): ArtIndex {
  const index = JSON.parse(readFileSync(join(dir, "index.json"), "utf8")) as ArtIndex;
  if (index.version !== ART_FORMAT_VERSION) {
    throw new Error(`art cache ${dir} is format ${index.version}, expected ${ART_FORMAT_VERSION}: run node scripts/extract-art.ts`);
  }
  return index;
}

function load(): ArtStore {
  const { dir } = cacheDir();
  const index = readIndex(dir);
  const sets = new Map<ArtSetKey, LoadedSet>();
  for (const key of Object.keys(ART_SETS) as ArtSetKey[]) {
    const manifest = JSON.parse(readFileSync(join(dir, `${key}.json`), "utf8")) as SetManifest;
    sets.set(key, { manifest, data: readFileSync(join(dir, `${key}.bin`)) });
  }
  const bodies = new Map<string, Icon>();
  const bySlug = new Map(index.emoji.map((e) => [e.slug, e]));

  function icon(slug: string, preference: readonly ArtSetKey[]): Icon | null {
    for (const key of preference) {
      const cacheKey = `${key}/${slug}`;
      const cached = bodies.get(cacheKey);
      if (cached) return cached;
      const set = sets.get(key);
      const entry = set?.manifest.icons[slug];
      if (!set || !entry) continue;
      const [offset, length, width, height] = entry;
      const body = inflateRawSync(set.data.subarray(offset, offset + length)).toString("utf8");
      const found: Icon = { body, width, height, set: key };
      // Small bounded memo: the same few subjects and decorations recur constantly.
      if (bodies.size > 400) bodies.clear();
      bodies.set(cacheKey, found);
      return found;
    }
    return null;
  }

  return { emoji: index.emoji, bySlug, kinds: index.kinds, loanKeys: index.loanKeys, icon };
}

let store: ArtStore | null = null;
let emojiIndex: ReadonlyMap<string, IndexedEmoji> | null = null;

/**
 * Only the emoji of each subject, without the drawings: what a web process needs (a sticker's automatic
 * emoji, decision 0042) without holding the icon sets in its memory.
 */
export function artEmojiBySlug(): ReadonlyMap<string, IndexedEmoji> {
  emojiIndex ??= store?.bySlug ?? new Map(readIndex(cacheDir().dir).emoji.map((e) => [e.slug, e]));
  return emojiIndex;
}

export function artStore(): ArtStore {
  store ??= load();
  return store;
}
