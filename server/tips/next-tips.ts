import { asc, eq } from "drizzle-orm";
import type { Language } from "#common/languages.ts";
import type { TipPage } from "#common/stickers.ts";
import type { Db } from "../db/client.ts";
import { tips } from "../db/schema.ts";

/**
 * The next `size` tips of a language in rotation (spec §7 generateRandomTip: N unique tips picked in
 * rotation). The cursor is a position in the language's tips (any integer; taken modulo their
 * count); the answer's cursor is where the next call starts, so every tip is shown before any repeats.
 */
export async function nextTips(db: Db, o: { language: Language; size: number; cursor: number }): Promise<TipPage> {
  // Tens of tips per language: read them all and rotate here.
  const all = await db
    .select({ id: tips.id, text: tips.text })
    .from(tips)
    .where(eq(tips.locale, o.language))
    .orderBy(asc(tips.id));
  if (all.length === 0) return { list: [], cursor: 0 };
  const start = ((o.cursor % all.length) + all.length) % all.length;
  const take = Math.min(o.size, all.length);
  const list = Array.from({ length: take }, (_, k) => all[(start + k) % all.length] as { id: number; text: string });
  return { list, cursor: (start + take) % all.length };
}
