import { isLanguage } from "#common/languages.ts";
import { catalogOf } from "./page-catalog.ts";

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** Translates a key inside a route's `meta`, which runs outside React (titles and descriptions). */
export function metaTranslate(matches: Matches, key: string): string {
  let node: unknown = rootCatalog(matches);
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return key;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : key;
}

/** The catalog of the page's language, for a `meta` (the root's data names the language). */
export function rootCatalog(matches: Matches) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { language?: string } | undefined;
  return root?.language && isLanguage(root.language) ? catalogOf(root.language) : undefined;
}
