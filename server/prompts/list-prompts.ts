import { asc, eq, sql } from "drizzle-orm";
import type { Language } from "#common/languages.ts";
import type { PromptItem } from "#common/stickers.ts";
import type { Db } from "../db/client.ts";
import { prompts } from "../db/schema.ts";

/** Every prompt suggestion of a language, in display order (spec §2: the home page preloads all). */
export async function listPrompts(db: Db, language: Language): Promise<PromptItem[]> {
  return db
    .select({ id: prompts.id, text: prompts.text })
    .from(prompts)
    .where(eq(prompts.locale, language))
    .orderBy(asc(prompts.sort), asc(prompts.id));
}

/** A random selection of a language's prompts (spec §9: 2 on mobile, 5 on desktop), no repeats. */
export async function randomPrompts(db: Db, language: Language, size: number): Promise<PromptItem[]> {
  // A language has tens of prompts: ordering them at random is cheaper than anything clever.
  return db
    .select({ id: prompts.id, text: prompts.text })
    .from(prompts)
    .where(eq(prompts.locale, language))
    .orderBy(sql`random()`)
    .limit(size);
}
