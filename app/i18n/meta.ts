import type { Catalog } from "#common/i18n/catalogs.ts";

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** Translates a key inside a route's `meta`, which runs outside React (titles and descriptions). */
export function metaTranslate(matches: Matches, key: string): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { messages?: Catalog } | undefined;
  let node: unknown = root?.messages;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return key;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : key;
}
