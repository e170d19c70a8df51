/**
 * A sticker's emoji, keywords and alt text (decision 0042), for its page, pack pages, packs' emoji and
 * the exports. Only the owner's edits are stored; the rest is made here from what the sticker shows —
 * its mood (a pack made in one go) and its subject tags (decision 0030) — so every sticker, however old,
 * has labels without a backfill, in any language asked for.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { singleEmoji } from "#common/emoji.ts";
import { translate } from "#common/i18n/catalogs.ts";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#common/languages.ts";
import { shownName } from "#common/names.ts";
import { MOODS, type MoodId } from "#common/packs.ts";
import {
  ALT_TEXT_MAX_LENGTH,
  AUTOMATIC_EMOJI,
  type AutomaticLabels,
  keywordKey,
  LABEL_EMOJI_MAX,
  LABEL_KEYWORD_MAX_LENGTH,
  LABEL_KEYWORDS_MAX,
  type StickerLabels,
} from "#common/sticker-labels.ts";
import { shortenToCharacters } from "#common/text.ts";
import type { Db } from "#server/db/client.ts";
import { stickers, stickerTags, tags, tasks } from "#server/db/schema.ts";
import { artEmojiBySlug, moodName } from "#server/generation/index.ts";
import { nameIn } from "#server/search/subject-tags.ts";

/** What is read of the database: the app's connection or a transaction. */
type Reader = Pick<Db, "select">;

/** A sticker's labels as shown, and the automatic ones each edit can go back to. */
export interface LabelsRead {
  labels: StickerLabels;
  automatic: AutomaticLabels;
}

/**
 * The labels of these stickers (row ids; unknown ones are left out) in `language`, by id: two queries
 * whatever the count, so an export of a full pack costs what one sticker does. It does not check who
 * may see them: callers read only stickers they already show.
 */
export async function readStickerLabels(
  db: Reader,
  stickerIds: number[],
  language: Language,
): Promise<Map<number, StickerLabels>> {
  const read = await readLabelsAndAutomatic(db, stickerIds, language);
  return new Map([...read].map(([id, { labels }]) => [id, labels]));
}

/** `readStickerLabels` with the automatic labels beside the shown ones (the owner's editor). */
export async function readLabelsAndAutomatic(
  db: Reader,
  stickerIds: number[],
  language: Language,
): Promise<Map<number, LabelsRead>> {
  const ids = [...new Set(stickerIds)];
  if (ids.length === 0) return new Map();
  // A moving copy (decision 0041) is made by a motion task: its mood is the one of the sticker it moves.
  const source = alias(stickers, "source_sticker");
  const sourceTask = alias(tasks, "source_task");
  const [rows, subjectRows] = await Promise.all([
    db
      .select({
        id: stickers.id,
        name: stickers.name,
        locale: stickers.locale,
        emoji: stickers.emoji,
        keywords: stickers.keywords,
        altText: stickers.altText,
        mood: sql<string | null>`coalesce(${tasks.mood}, ${sourceTask.mood})`,
      })
      .from(stickers)
      .leftJoin(tasks, eq(tasks.id, stickers.taskId))
      .leftJoin(source, eq(source.id, stickers.madeFromStickerId))
      .leftJoin(sourceTask, eq(sourceTask.id, source.taskId))
      .where(inArray(stickers.id, ids)),
    db
      .select({ stickerId: stickerTags.stickerId, slug: tags.slug, names: tags.names })
      .from(stickerTags)
      .innerJoin(tags, eq(tags.id, stickerTags.tagId))
      .where(and(inArray(stickerTags.stickerId, ids), eq(tags.kind, "subject")))
      .orderBy(asc(stickerTags.stickerId), asc(tags.id)),
  ]);
  const subjectsOf = new Map<number, Subject[]>();
  for (const row of subjectRows) {
    if (!row.slug) continue;
    const list = subjectsOf.get(row.stickerId) ?? [];
    list.push({ slug: row.slug, names: row.names });
    subjectsOf.set(row.stickerId, list);
  }
  const labels = new Map<number, LabelsRead>();
  for (const row of rows) {
    const automatic = automaticLabels({
      name: row.name,
      stickerLanguage: isLanguage(row.locale) ? row.locale : DEFAULT_LANGUAGE,
      mood: MOODS.find((mood) => mood.id === row.mood) ?? null,
      subjects: subjectsOf.get(row.id) ?? [],
      language,
    });
    // A stored edit that is not a list (a hand-made row) counts as none: one bad row never fails a list (decision 0040).
    const emoji = nonEmptyList(row.emoji);
    const keywords = Array.isArray(row.keywords) ? row.keywords : null;
    labels.set(row.id, {
      labels: {
        emoji: emoji ?? automatic.emoji,
        keywords: keywords ?? automatic.keywords,
        altText: row.altText ?? automatic.altText,
        edited: { emoji: emoji !== null, keywords: keywords !== null, altText: row.altText !== null },
      },
      automatic,
    });
  }
  return labels;
}

const listFormats = new Map<Language, Intl.ListFormat>();

/** "cat, hat and balloon" in `language`; one formatter per language, as making one costs more than using it. */
function listOf(names: string[], language: Language): string {
  let format = listFormats.get(language);
  if (!format) {
    format = new Intl.ListFormat(language, { type: "conjunction" });
    listFormats.set(language, format);
  }
  return format.format(names);
}

interface Subject {
  slug: string;
  names: Record<string, string> | null;
}

function nonEmptyList(value: unknown): string[] | null {
  return Array.isArray(value) && value.length > 0 ? (value as string[]) : null;
}

/** Each value once, as keywords are told apart (`keywordKey`), in the order first met. */
function distinct(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = keywordKey(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The labels made from what a sticker shows. Emoji: the mood's first, then each subject's (the emoji
 * art's light index, not the generator's lexicon, which a web process must not load), at most three.
 * Keywords: the subjects' and the mood's names in the viewer's language, then in the sticker's. Alt
 * text: the subjects and the mood in a sentence of the viewer's language, else the sticker's name.
 */
function automaticLabels(o: {
  name: string;
  stickerLanguage: Language;
  mood: { id: MoodId; emoji: string } | null;
  subjects: Subject[];
  language: Language;
}): AutomaticLabels {
  const emoji: string[] = [];
  const artEmoji = o.subjects.length > 0 ? artEmojiBySlug() : null;
  for (const raw of [o.mood?.emoji, ...o.subjects.map((subject) => artEmoji?.get(subject.slug)?.emoji)]) {
    const one = raw ? singleEmoji(raw) : null;
    if (one && !emoji.includes(one) && emoji.length < LABEL_EMOJI_MAX) emoji.push(one);
  }
  if (emoji.length === 0) emoji.push(AUTOMATIC_EMOJI);

  const namesIn = (language: Language) => [
    ...o.subjects.map((subject) => nameIn(subject.names, subject.slug, language)),
    ...(o.mood ? [moodName(o.mood.id, language)] : []),
  ];
  const keywords = distinct(
    [...namesIn(o.language), ...namesIn(o.stickerLanguage)].flatMap((name) => shownName(name, LABEL_KEYWORD_MAX_LENGTH) ?? []),
  ).slice(0, LABEL_KEYWORDS_MAX);

  const subjects = distinct(o.subjects.map((subject) => nameIn(subject.names, subject.slug, o.language)));
  const named = o.name.replace(/\s+/g, " ").trim();
  const altText =
    subjects.length === 0
      ? named
        ? translate(o.language, "stickerLabels.alt.named", { name: named })
        : translate(o.language, "stickerLabels.alt.plain")
      : translate(o.language, o.mood ? "stickerLabels.alt.subjectsMood" : "stickerLabels.alt.subjects", {
          subjects: listOf(subjects, o.language),
          ...(o.mood ? { mood: moodName(o.mood.id, o.language) } : {}),
        });
  return { emoji, keywords, altText: shortenToCharacters(altText, ALT_TEXT_MAX_LENGTH) };
}

/**
 * The labels of these stickers by public id, in `language`. Like `readStickerLabels`, it reads only what
 * the caller already shows (a pack page's pictures, the stickers joining a pack).
 */
export async function labelsByInstId(
  db: Reader,
  stickerInstIds: string[],
  language: Language,
): Promise<Map<string, StickerLabels>> {
  if (stickerInstIds.length === 0) return new Map();
  const rows = await db
    .select({ id: stickers.id, stickerInstId: stickers.stickerInstId })
    .from(stickers)
    .where(inArray(stickers.stickerInstId, [...new Set(stickerInstIds)]));
  const labels = await readStickerLabels(
    db,
    rows.map((row) => row.id),
    language,
  );
  return new Map(
    rows.flatMap((row) => {
      const found = labels.get(row.id);
      return found ? [[row.stickerInstId, found] as const] : [];
    }),
  );
}

/** The alt texts of these stickers by public id, in `language`: a page's pictures (a pack page's). */
export async function altTextsByInstId(
  db: Reader,
  stickerInstIds: string[],
  language: Language,
): Promise<Record<string, string>> {
  const labels = await labelsByInstId(db, stickerInstIds, language);
  return Object.fromEntries([...labels].map(([stickerInstId, found]) => [stickerInstId, found.altText]));
}
