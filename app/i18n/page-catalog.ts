import { use } from "react";
import type { Catalog } from "#common/i18n/catalogs.ts";
import type { Language } from "#common/languages.ts";

/**
 * The catalogs this process has, by language (decision 0055). The page's route data names its catalog's
 * file instead of carrying it: the server keeps every language it renders, the browser loads its page's
 * language before it hydrates (entry.client.tsx) and another language before a page in it renders
 * (`usePageCatalog`). A catalog never changes under its file's name.
 */
const kept = new Map<Language, Catalog>();
const loading = new Map<string, Promise<Catalog>>();

export function keepCatalog(language: Language, catalog: Catalog): void {
  kept.set(language, catalog);
}

export function catalogOf(language: Language): Catalog | undefined {
  return kept.get(language);
}

/** The catalog of `language` from its file (the HTTP cache usually has it); once per address. */
export function loadCatalog(language: Language, address: string): Promise<Catalog> {
  const present = kept.get(language);
  if (present) return Promise.resolve(present);
  let pending = loading.get(address);
  if (!pending) {
    pending = fetch(address, { credentials: "same-origin" }).then(async (response) => {
      if (!response.ok) throw new Error(`catalog ${address}: HTTP ${response.status}`);
      const catalog = (await response.json()) as Catalog;
      kept.set(language, catalog);
      return catalog;
    });
    pending.catch(() => loading.delete(address));
    loading.set(address, pending);
  }
  return pending;
}

/**
 * The catalog of the page's language. In the browser, a language not loaded yet (switched without a
 * reload) suspends the render until its file is in: the router keeps the page before on screen
 * meanwhile. The root's data needs no loader of its own in the browser for it, so its revalidations
 * stay one request with the page's.
 */
export function usePageCatalog(language: Language, address: string): Catalog {
  const present = kept.get(language);
  if (present) return present;
  if (typeof window === "undefined") return {};
  return use(loadCatalog(language, address));
}
