import { sql } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { Language } from "#common/languages.ts";
import { SEARCH_QUERY_MAX_LENGTH, SEARCH_RESULT_CAP, type SearchPage, type SubjectTag } from "#common/search.ts";
import type { Db } from "../db/client.ts";
import { stickerItemsByIds } from "../stickers/sticker-items.ts";

export interface SearchQuery {
  q: string;
  page: number;
  size: number;
  /** The viewer's language: the matched tags' names are in it. */
  language: Language;
}

/** The configurations a query is stemmed with: every one a sticker's language may use (migration 0006). */
const QUERY_CONFIGS = [
  "english",
  "french",
  "german",
  "spanish",
  "portuguese",
  "russian",
  "arabic",
  "hindi",
  "indonesian",
  "simple",
] as const;

/** Subject tags a query may name at once ("cat" is also a keyword of "grinning cat", "lion"…). */
const MAX_QUERY_TAGS = 6;
/** A typo's trigram similarity to a tag's word must reach this ("kiten" → "kitten"). */
const TYPO_SIMILARITY = 0.45;
/** Typos are looked for only in queries this long: shorter words are too alike. */
const TYPO_MIN_LENGTH = 4;

/** The query as searched: NFKC, single spaces, trimmed; empty or too long is refused. */
export function cleanQuery(q: string): string {
  const clean = q.normalize("NFKC").replace(/\s+/gu, " ").trim();
  if (!/[\p{L}\p{N}]/u.test(clean)) throw new AppError("SEARCH_QUERY_EMPTY");
  if ([...clean].length > SEARCH_QUERY_MAX_LENGTH) {
    throw new AppError("SEARCH_QUERY_TOO_LONG", undefined, { vars: { max: SEARCH_QUERY_MAX_LENGTH } });
  }
  return clean;
}

/**
 * Public stickers for a query, in any of the 14 languages (decision 0030). Two ways in, each
 * one bounded index read of at most SEARCH_RESULT_CAP rows in hot-score order:
 * - the sticker's own words: the stored `search_doc` (its name and prompt stemmed in its language,
 *   unstemmed, and CJK character n-grams) against the query stemmed in every configuration;
 * - its subjects: the query's words (or, failing them, a near spelling) find subject tags through
 *   `tag_terms` in any language, and the tags' lists come from `sticker_tags` like a gallery page.
 * Relevance first (own words 2, a subject named by its name 2 or keyword 1, by a typo 0.5; summed),
 * then hot score. The total is exact up to SEARCH_RESULT_CAP. Hidden and private stickers are never
 * read: `sticker_tags.is_public`, and the search index's own predicate.
 */
export async function searchStickers(db: Db, o: SearchQuery): Promise<SearchPage> {
  const q = cleanQuery(o.q);
  const offset = (o.page - 1) * o.size;
  const tags = await subjectTagsOf(db, q);
  const tagIds = tags.map((t) => t.id);
  const tagScores = tags.map((t) => t.score);
  const tsquery = await queryOf(db, q);
  const own =
    tsquery.words && tsquery.words.length > 0
      ? await singleWordMatches(db, tsquery.words)
      : tsquery.text
        ? await ownWordMatches(db, tsquery.text, { walkOnly: tags.length > 0 })
        : [];
  const result = await db.execute(sql`
    with own_words as (
      select sticker_id, hot_score, 2::float8 as rel
      from unnest(${`{${own.map((row) => row.id).join(",")}}`}::bigint[], ${`{${own.map((row) => row.hot).join(",")}}`}::float8[])
        as matched(sticker_id, hot_score)
    ),
    by_subject as (
      select st.sticker_id, st.hot_score, wanted.score as rel
      from unnest(${`{${tagIds.join(",")}}`}::int[], ${`{${tagScores.join(",")}}`}::float8[]) as wanted(tag_id, score)
      cross join lateral (
        select sticker_id, hot_score from sticker_tags
        where tag_id = wanted.tag_id and is_public
        order by hot_score desc, sticker_id desc
        limit ${SEARCH_RESULT_CAP}
      ) st
    ),
    hits as (
      select sticker_id, max(hot_score) as hot_score, sum(rel) as rel
      from (
        select sticker_id, hot_score, rel from own_words
        union all
        select sticker_id, hot_score, max(rel) from by_subject group by sticker_id, hot_score
      ) found
      group by sticker_id
      order by sum(rel) desc, max(hot_score) desc, sticker_id desc
      limit ${SEARCH_RESULT_CAP}
    )
    select sticker_id, (select count(*) from hits)::int as total
    from hits
    order by rel desc, hot_score desc, sticker_id desc
    limit ${o.size} offset ${offset}`);
  const rows = result.rows as { sticker_id: number | string; total: number }[];
  let total = rows[0]?.total;
  if (total === undefined) {
    // Past the last page: still answer how many there are.
    total = offset > 0 ? (await searchStickers(db, { ...o, page: 1, size: 1 })).total : 0;
  }
  return {
    list: await stickerItemsByIds(
      db,
      rows.map((row) => Number(row.sticker_id)),
    ),
    total,
    tags: tags.map((t) => ({ slug: t.slug, name: t.names[o.language] ?? t.names.en ?? t.slug })),
  };
}

/**
 * A one-word query (in all its stemmed forms): each form's most popular public stickers are one range of
 * `sticker_words`' partial index, read index-only, at most SEARCH_RESULT_CAP each, merged by hot score.
 */
async function singleWordMatches(db: Db, words: string[]): Promise<{ id: number; hot: number }[]> {
  const result = await db.execute(sql`
    select sticker_id as id, max(hot_score) as hot_score from (
      select w.sticker_id, w.hot_score
      from json_array_elements_text(${JSON.stringify(words)}::json) as q(word)
      cross join lateral (
        select sticker_id, hot_score from sticker_words
        where sticker_words.word = q.word and is_public
        order by hot_score desc, sticker_id desc
        limit ${SEARCH_RESULT_CAP}
      ) w
    ) found
    group by sticker_id
    order by max(hot_score) desc, sticker_id desc
    limit ${SEARCH_RESULT_CAP}`);
  return (result.rows as { id: number | string; hot_score: number | string }[]).map((row) => ({
    id: Number(row.id),
    hot: Number(row.hot_score),
  }));
}

/** Rows of the popular order read before search falls back to the word index (decision 0030). */
const WALK_ROWS = 15_000;

/**
 * The SEARCH_RESULT_CAP most popular public stickers whose own words match, by hot score. First the
 * popular order's top WALK_ROWS are checked (a bounded walk: a common word fills the cap there, and
 * then those are exactly the top matches); when they hold fewer, the word is rare enough that reading
 * all its matches from the GIN index and sorting them costs less (fewer than CAP × N / WALK_ROWS) —
 * unless the query named a subject (`walkOnly`), whose list already brings the stickers that show it.
 * Both costs stay bounded at any table size, unlike a plan chosen from a misjudged estimate.
 */
async function ownWordMatches(db: Db, tsquery: string, o: { walkOnly: boolean }): Promise<{ id: number; hot: number }[]> {
  const toRows = (result: { rows: unknown[] }) =>
    (result.rows as { id: number | string; hot_score: number | string }[]).map((row) => ({
      id: Number(row.id),
      hot: Number(row.hot_score),
    }));
  const walked = toRows(
    await db.execute(sql`
      select id, hot_score from (
        select id, hot_score, search_doc from stickers
        where visibility = 'public' and hidden_at is null
        order by hot_score desc, id desc
        limit ${WALK_ROWS}
      ) top
      where search_doc @@ ${tsquery}::tsquery
      order by hot_score desc, id desc
      limit ${SEARCH_RESULT_CAP}`),
  );
  // A query that names a subject gets its stickers from the subject's list; its own-word matches only
  // rank first among the popular ones, and the word index's long read is skipped (decision 0030).
  if (walked.length >= SEARCH_RESULT_CAP || o.walkOnly) return walked;
  // "+ 0": sorting by an expression keeps the planner off the popular index's order, so it reads the GIN index.
  return toRows(
    await db.execute(sql`
      select id, hot_score from stickers
      where search_doc @@ ${tsquery}::tsquery and visibility = 'public' and hidden_at is null
      order by hot_score + 0 desc, id desc
      limit ${SEARCH_RESULT_CAP}`),
  );
}

/**
 * The query's words as a text search query: stemmed in every configuration a sticker may use, unstemmed,
 * and as CJK n-grams (all of them), OR-ed; "" when it has no searchable word (only stop words).
 */
async function queryOf(db: Db, q: string): Promise<{ text: string; words: string[] | null }> {
  const parts = sql.join(
    [
      ...QUERY_CONFIGS.map((config) => sql`plainto_tsquery(${config}::regconfig, f.q)::text`),
      sql`plainto_tsquery('simple'::regconfig, search_grams(f.q))::text`,
    ],
    sql`, `,
  );
  // Most configurations stem a word alike: one copy of each, so the planner's estimate and each row's
  // check see the query's few distinct alternatives, not ten copies of them.
  const result = await db.execute(sql`
    select distinct part from (select search_fold(${q}) as q) f, unnest(array[${parts}]) as part
    where part <> '' order by part`);
  const alternatives = (result.rows as { part: string }[]).map((row) => row.part);
  return { text: alternatives.map((part) => `( ${part} )`).join(" | "), words: singleWordsOf(alternatives) };
}

const LEXEME = /^'((?:[^']|'')+)'$/;

/** The words of a query whose every alternative is one word ("'gat' | 'gato'"), else null (a phrase). */
function singleWordsOf(parts: string[]): string[] | null {
  const words: string[] = [];
  for (const part of parts) {
    const match = LEXEME.exec(part.trim());
    if (!match?.[1]) return null;
    words.push(match[1].replaceAll("''", "'"));
  }
  return words;
}

interface MatchedTag {
  id: number;
  slug: string;
  names: Record<string, string>;
  score: number;
}

/**
 * The subject tags a query names: its words (and the whole query, for names of several words) equal to
 * a tag's word in any language, a CJK name inside the query; when nothing matches, a near spelling.
 */
async function subjectTagsOf(db: Db, q: string): Promise<MatchedTag[]> {
  const result = await db.execute(sql`
    with f as (select search_fold(${q}) as q),
    words as (
      select f.q as word from f
      union select w from f, regexp_split_to_table(f.q, '[[:space:],.;:!?"()]+') as w where w <> ''
    ),
    exact as (
      select t.tag_id, max(t.quality)::float8 as score from tag_terms t where t.term in (select word from words)
      group by t.tag_id
    ),
    inside as (
      -- Unspaced scripts: "小猫在睡觉" names 猫 without a space around it.
      select t.tag_id, max(t.quality)::float8 as score from tag_terms t, f
      where f.q ~ '[぀-ヿ㐀-鿿가-힯]' and t.term ~ '^[぀-ヿ㐀-鿿가-힯]+$' and char_length(t.term) < char_length(f.q)
        and strpos(f.q, t.term) > 0
      group by t.tag_id
    ),
    typo as (
      select t.tag_id, 0.5::float8 as score from tag_terms t, f
      where char_length(f.q) >= ${TYPO_MIN_LENGTH} and t.term % f.q and similarity(t.term, f.q) >= ${TYPO_SIMILARITY}
        and not exists (select 1 from exact) and not exists (select 1 from inside)
      group by t.tag_id
      order by max(similarity(t.term, f.q)) desc
      limit 3
    ),
    best as (
      select tag_id, max(score) as score from (select * from exact union all select * from inside union all select * from typo) m
      group by tag_id
    )
    select tags.id, tags.slug, tags.names, best.score
    from best join tags on tags.id = best.tag_id
    where tags.kind = 'subject'
    order by best.score desc, tags.id
    limit ${MAX_QUERY_TAGS}`);
  return (result.rows as { id: number; slug: string; names: Record<string, string> | string; score: number | string }[]).map(
    (row) => ({
      id: Number(row.id),
      slug: row.slug,
      names: typeof row.names === "string" ? (JSON.parse(row.names) as Record<string, string>) : row.names,
      score: Number(row.score),
    }),
  );
}

export type { SubjectTag };
