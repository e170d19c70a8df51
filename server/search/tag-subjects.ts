/**
 * Subject tags on stickers (decision 0030): a sticker's concepts become rows of `sticker_tags`, so a tag
 * page is the same indexed list as the gallery (decision 0022) and search finds a sticker by its
 * subject in any language through `tag_terms`.
 */
import { and, asc, eq, gt, inArray, not, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { stickers, stickerTags, tags, tagTerms } from "../db/schema.ts";
import { MAX_SUBJECTS_PER_STICKER, subjectVocabulary } from "./subject-vocabulary.ts";

type Tx = Pick<Db, "select" | "insert" | "update" | "execute">;

/**
 * The concepts of one sticker: what the generator drew first (`drawn`, an emoji slug; "caption" and
 * other non-emoji subjects are ignored), then the names its prompt mentions, in any language.
 */
export function subjectsOfSticker(o: { drawn?: string | null; prompt: string }): string[] {
  const vocabulary = subjectVocabulary();
  const slugs: string[] = [];
  const drawn = o.drawn ? vocabulary.concept(o.drawn) : null;
  if (drawn) slugs.push(drawn.slug);
  for (const slug of vocabulary.subjectsOfText(o.prompt)) if (!slugs.includes(slug)) slugs.push(slug);
  return slugs.slice(0, MAX_SUBJECTS_PER_STICKER);
}

/**
 * The tag ids of these concepts, making the missing tags with their names and terms. Many processes
 * may make the same tag at once: the slug's unique index keeps one, and everyone reads it back.
 */
export async function ensureSubjectTags(tx: Tx, slugs: readonly string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (slugs.length === 0) return ids;
  const readIds = async () => {
    const rows = await tx
      .select({ id: tags.id, slug: tags.slug })
      .from(tags)
      .where(and(eq(tags.kind, "subject"), inArray(tags.slug, [...slugs])));
    for (const row of rows) if (row.slug) ids.set(row.slug, row.id);
  };
  await readIds();
  const vocabulary = subjectVocabulary();
  // In one order for everyone: two transactions making [cat, dog] and [dog, cat] would otherwise each
  // wait on the other's uncommitted slug (ON CONFLICT waits) and deadlock.
  for (const slug of [...slugs].sort()) {
    if (ids.has(slug)) continue;
    const concept = vocabulary.concept(slug);
    if (!concept) continue;
    const [made] = await tx
      .insert(tags)
      .values({
        id: sql`nextval('tags_subject_id_seq')::int`,
        name: concept.slug,
        kind: "subject",
        slug: concept.slug,
        names: concept.names,
      })
      .onConflictDoNothing()
      .returning({ id: tags.id });
    if (!made) continue;
    ids.set(slug, made.id);
    const terms = [...concept.terms].map(([term, quality]) => ({ term: sql`search_fold(${term})`, tagId: made.id, quality }));
    if (terms.length > 0)
      await tx
        .insert(tagTerms)
        .values(terms as never)
        .onConflictDoNothing();
  }
  if (slugs.some((slug) => !ids.has(slug))) await readIds();
  return ids;
}

/**
 * Puts a sticker in its subject tags and marks it tagged. The mark comes first: it locks the sticker's
 * row, so a hide, a ban or a switch to private waits for this transaction and then updates the new
 * rows' copy of `is_public` too (a change committed between the rows' insert and a later lock would
 * not see them, and they would stay public).
 */
export async function tagStickerSubjects(tx: Tx, stickerId: number, slugs: readonly string[]): Promise<void> {
  await tx.update(stickers).set({ subjectsTagged: true }).where(eq(stickers.id, stickerId));
  const ids = await ensureSubjectTags(tx, slugs);
  const rows = [...new Set(ids.values())].map((tagId) => ({ stickerId, tagId }));
  if (rows.length > 0) await tx.insert(stickerTags).values(rows).onConflictDoNothing();
}

export interface BackfillOptions {
  /** Stickers per transaction. */
  batch?: number;
  /** At most this many stickers per call, so a start never spends long on it; the next start goes on. */
  max?: number;
}

/**
 * Tags stickers made before subject tags existed (or by a path that did not tag them), oldest first,
 * from their prompts. Bounded per call; returns how many it tagged.
 */
export async function backfillSubjectTags(db: Db, { batch = 200, max = 5000 }: BackfillOptions = {}): Promise<number> {
  let done = 0;
  let after = 0;
  while (done < max) {
    const rows = await db
      .select({ id: stickers.id, prompt: stickers.prompt, name: stickers.name })
      .from(stickers)
      .where(and(not(stickers.subjectsTagged), gt(stickers.id, after)))
      .orderBy(asc(stickers.id))
      .limit(Math.min(batch, max - done));
    if (rows.length === 0) break;
    await db.transaction(async (tx) => {
      for (const row of rows) await tagStickerSubjects(tx, row.id, subjectsOfSticker({ prompt: `${row.name} ${row.prompt}` }));
    });
    done += rows.length;
    after = rows[rows.length - 1]?.id ?? after;
  }
  return done;
}
