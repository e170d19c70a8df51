/** Reads of subject tags for pages: a tag page's tag, a sticker's tags, the sitemap (decision 0030). */
import { and, asc, eq, exists, inArray, sql } from "drizzle-orm";
import type { Language } from "#common/languages.ts";
import { type SubjectTag, TAG_SLUG_PATTERN } from "#common/search.ts";
import type { Db } from "../db/client.ts";
import { stickerTags, tags } from "../db/schema.ts";

export interface FoundSubjectTag extends SubjectTag {
  id: number;
}

/** A subject tag's name in `language`, else English, else its slug in words. */
export function nameIn(names: Record<string, string> | null, slug: string, language: Language): string {
  return names?.[language] ?? names?.en ?? slug.replace(/-/g, " ");
}

/** The subject tag of a tag page's slug, named in `language`; null for an unknown slug (the page answers 404). */
export async function findSubjectTag(db: Db, slug: string, language: Language): Promise<FoundSubjectTag | null> {
  if (!TAG_SLUG_PATTERN.test(slug) || slug.length > 100) return null;
  const [row] = await db
    .select({ id: tags.id, slug: tags.slug, names: tags.names })
    .from(tags)
    .where(and(eq(tags.kind, "subject"), eq(tags.slug, slug)));
  if (!row?.slug) return null;
  return { id: row.id, slug: row.slug, name: nameIn(row.names, row.slug, language) };
}

/** A sticker's subject tags, named in `language` (the links on its page). */
export async function subjectTagsOfSticker(db: Db, stickerId: number, language: Language): Promise<SubjectTag[]> {
  const rows = await db
    .select({ slug: tags.slug, names: tags.names })
    .from(stickerTags)
    .innerJoin(tags, eq(tags.id, stickerTags.tagId))
    .where(and(eq(stickerTags.stickerId, stickerId), eq(tags.kind, "subject")))
    .orderBy(asc(tags.id));
  return rows.flatMap((row) => (row.slug ? [{ slug: row.slug, name: nameIn(row.names, row.slug, language) }] : []));
}

/** Slugs of the subject tags that have a public sticker, for the sitemap; `after` pages by slug. */
export async function sitemapSubjectTags(db: Db, o: { limit: number; after?: string }): Promise<string[]> {
  const rows = await db
    .select({ slug: tags.slug })
    .from(tags)
    .where(
      and(
        eq(tags.kind, "subject"),
        o.after === undefined ? undefined : sql`${tags.slug} > ${o.after}`,
        exists(
          db
            .select({ one: sql`1` })
            .from(stickerTags)
            .where(and(eq(stickerTags.tagId, tags.id), sql`${stickerTags.isPublic}`)),
        ),
      ),
    )
    .orderBy(asc(tags.slug))
    .limit(o.limit);
  return rows.flatMap((row) => (row.slug ? [row.slug] : []));
}

/** The subject tags of these slugs that exist, in the order given, named in `language` (suggestions). */
export async function subjectTagsBySlugs(db: Db, slugs: string[], language: Language): Promise<SubjectTag[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .select({ slug: tags.slug, names: tags.names })
    .from(tags)
    .where(and(eq(tags.kind, "subject"), inArray(tags.slug, slugs)));
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  return slugs.flatMap((slug) => {
    const row = bySlug.get(slug);
    return row ? [{ slug, name: nameIn(row.names, slug, language) }] : [];
  });
}

/** Tag ids of these slugs (tests and the bench). */
export async function subjectTagIds(db: Db, slugs: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: tags.id, slug: tags.slug })
    .from(tags)
    .where(and(eq(tags.kind, "subject"), inArray(tags.slug, slugs)));
  return new Map(rows.flatMap((row) => (row.slug ? [[row.slug, row.id] as const] : [])));
}
