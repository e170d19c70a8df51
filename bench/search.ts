import { rm } from "node:fs/promises";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { LANGUAGES, type Language } from "#common/languages.ts";
import * as schema from "#server/db/schema.ts";
import { subjectVocabulary } from "#server/search/subject-vocabulary.ts";
import { ensureSubjectTags } from "#server/search/tag-subjects.ts";
import { createPostgresDatabase } from "#tests/support/postgres-database.ts";
import { type BenchApp, measureListCall, startBenchApp } from "./app-process.ts";

/**
 * `npm run bench:search`: gallery search (GET /api/search, signed, over HTTP through the real route;
 * decision 0030) over 1,000,000 public stickers on PostgreSQL. The app migrates and seeds a few
 * pictures, then SQL adds the stickers: prompts in all 14 languages built from 24 subjects (each named
 * in its language, from the same vocabulary the tags use), a few adjectives and actions per language, a
 * rare word in one sticker of 20,000, and each sticker's subject tag. Then a fixed mix of queries
 * (common word, rare word, typo, CJK, Arabic, cross-language, two words, a deeper page, a tag page
 * deep) prints p50/p95 each, sequential, one connection. Target: every p95 < 100 ms.
 */
const BASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const STICKERS = Number(process.env.BENCH_SEARCH_STICKERS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 200);
const PORT = Number(process.env.BENCH_SEARCH_PORT ?? 3436);
const RARE_EVERY = 20_000;
/** One subject of 24 is "cat": a page near the end of its tag page (size 24). */
const TAG_DEEP_PAGE = Math.floor((STICKERS / 24 / 24) * 0.9);

const SUBJECTS = [
  "cat",
  "dog",
  "panda",
  "rabbit",
  "fox",
  "bear",
  "unicorn",
  "frog",
  "penguin",
  "owl",
  "pizza",
  "hot-beverage",
  "doughnut",
  "watermelon",
  "rocket",
  "sun",
  "rainbow",
  "cactus",
  "ghost",
  "robot",
  "dragon",
  "octopus",
  "tiger",
  "hamburger",
];

/** A few everyday words per language: [adjectives, actions]. */
const WORDS: Record<Language, [string[], string[]]> = {
  en: [
    ["happy", "sleepy", "cute", "angry"],
    ["dancing", "sleeping", "waving hello", "eating"],
  ],
  zh: [
    ["开心的", "困倦的", "可爱的", "生气的"],
    ["在跳舞", "在睡觉", "打招呼", "在吃饭"],
  ],
  "zh-TW": [
    ["開心的", "睏倦的", "可愛的", "生氣的"],
    ["在跳舞", "在睡覺", "打招呼", "在吃飯"],
  ],
  ja: [
    ["うれしい", "ねむい", "かわいい", "おこった"],
    ["おどる", "ねている", "てをふる", "たべている"],
  ],
  ko: [
    ["행복한", "졸린", "귀여운", "화난"],
    ["춤추는", "자는", "인사하는", "먹는"],
  ],
  es: [
    ["feliz", "dormilón", "lindo", "enojado"],
    ["bailando", "durmiendo", "saludando", "comiendo"],
  ],
  pt: [
    ["feliz", "sonolento", "fofo", "bravo"],
    ["dançando", "dormindo", "acenando", "comendo"],
  ],
  fr: [
    ["joyeux", "endormi", "mignon", "fâché"],
    ["qui danse", "qui dort", "qui salue", "qui mange"],
  ],
  de: [
    ["fröhliche", "müde", "süße", "wütende"],
    ["tanzt", "schläft", "winkt", "isst"],
  ],
  ru: [
    ["весёлый", "сонный", "милый", "сердитый"],
    ["танцует", "спит", "машет", "ест"],
  ],
  ar: [
    ["سعيد", "نعسان", "لطيف", "غاضب"],
    ["يرقص", "نائم", "يلوح", "يأكل"],
  ],
  hi: [
    ["खुश", "नींद में", "प्यारा", "गुस्सैल"],
    ["नाचता", "सोता", "हाथ हिलाता", "खाता"],
  ],
  bn: [
    ["খুশি", "ঘুমন্ত", "মিষ্টি", "রাগী"],
    ["নাচছে", "ঘুমাচ্ছে", "হাত নাড়ছে", "খাচ্ছে"],
  ],
  id: [
    ["senang", "mengantuk", "lucu", "marah"],
    ["menari", "tidur", "melambai", "makan"],
  ],
};

const UNSPACED = new Set(["zh", "zh-TW", "ja"]);

/** Every prompt the bench uses: index = (language, subject, adjective, action). */
function prompts(): { locale: Language; prompt: string; subject: string }[] {
  const vocabulary = subjectVocabulary();
  const out: { locale: Language; prompt: string; subject: string }[] = [];
  for (const locale of LANGUAGES) {
    const [adjectives, actions] = WORDS[locale];
    for (const subject of SUBJECTS) {
      const concept = vocabulary.concept(subject);
      if (!concept) throw new Error(`no concept ${subject}`);
      const noun = concept.names[locale] ?? subject;
      for (const adjective of adjectives) {
        for (const action of actions) {
          const prompt = UNSPACED.has(locale) ? `${adjective}${noun}${action}` : `${adjective} ${noun} ${action}`;
          out.push({ locale, prompt, subject });
        }
      }
    }
  }
  return out;
}

async function seedMillion(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    const all = prompts();
    const tagIds = await ensureSubjectTags(drizzle(client, { schema }) as never, SUBJECTS);
    // The search index is built once after the rows, not row by row.
    await client.query("drop index stickers_search_doc_idx");
    await client.query("drop index sticker_words_public_hot_idx");
    await client.query("alter table sticker_tags disable trigger sticker_tags_copy_sticker");
    await client.query("alter table stickers disable trigger stickers_words_insert");
    await client.query(
      `insert into stickers (sticker_inst_id, pic_id, name, prompt, locale, visibility, favorite_count, hot_score, created_at, subjects_tagged)
       select 'bench' || n, pics.ids[1 + n % array_length(pics.ids, 1)], p.prompt, p.prompt, p.locale,
              'public', fav, log(greatest(fav, 1)::double precision) + extract(epoch from at) / 45000, at, true
       from (select array_agg(id order by id) as ids from pictures) pics,
            lateral (select n, (floor(power(((n::bigint * 7919) % 10007) / 10007.0, 6) * 5000))::int as fav,
                            now() - interval '1 second' * (($1::int - n) * 30) as at,
                            -- A prime stride, so neighbours differ in language, subject and words.
                            ((n::bigint * 7853) % $2::int)::int + 1 as pick
                     from generate_series(1, $1::int) as n) s,
            lateral (select case when n % ${RARE_EVERY} = 0 then ($3::text[])[s.pick] || ' zeppelin' else ($3::text[])[s.pick] end as prompt,
                            ($4::text[])[s.pick] as locale) p`,
      [STICKERS, all.length, all.map((p) => p.prompt), all.map((p) => p.locale)],
    );
    await client.query(
      `insert into sticker_tags (sticker_id, tag_id, is_public, hot_score)
       select id, 1, true, hot_score from stickers where sticker_inst_id like 'bench%'
       union all
       select s.id, ($2::int[])[((s.n * 7853) % $1::int)::int + 1], true, s.hot_score
       from (select id, hot_score, substr(sticker_inst_id, 6)::bigint as n from stickers where sticker_inst_id like 'bench%') s`,
      [all.length, all.map((p) => tagIds.get(p.subject) ?? 1)],
    );
    await client.query("alter table sticker_tags enable trigger sticker_tags_copy_sticker");
    // The words the insert trigger would have written, in one statement.
    await client.query(
      `insert into sticker_words (word, sticker_id, hot_score, is_public)
       select w, s.id, s.hot_score, true from stickers s, unnest(tsvector_to_array(s.search_doc)) as w
       where s.sticker_inst_id like 'bench%'`,
    );
    await client.query("alter table stickers enable trigger stickers_words_insert");
    await client.query(
      `create index sticker_words_public_hot_idx on sticker_words (word, hot_score desc, sticker_id desc) where is_public`,
    );
    await client.query(
      `create index stickers_search_doc_idx on stickers using gin (search_doc) where visibility = 'public' and hidden_at is null`,
    );
    await client.query("vacuum analyze stickers");
    await client.query("vacuum analyze sticker_tags");
    await client.query("vacuum analyze sticker_words");
    return { seconds: (performance.now() - started) / 1000, tagIds };
  } finally {
    await client.end();
  }
}

/** p50/p95 in ms of REQUESTS sequential signed calls, after a warm-up. */
const measure = (name: string, path: string, query: Record<string, string>) =>
  measureListCall({ port: PORT, name, path, query, requests: REQUESTS, warmup: 10 });

const runStarted = performance.now();
const rows: Awaited<ReturnType<typeof measure>>[] = [];
let seedSeconds = 0;
let app: BenchApp | null = null;
try {
  // BENCH_SEARCH_REUSE=1 measures again on the database a run before seeded (same size), skipping the seed.
  const reuse = process.env.BENCH_SEARCH_REUSE === "1";
  const url = new URL(BASE_URL);
  url.pathname = "/sticker_search_bench";
  const dbUrl = reuse ? url.toString() : (await createPostgresDatabase(BASE_URL, "sticker_search_bench", { replace: true })).url;
  await rm("./data/bench-search", { recursive: true, force: true });
  app = await startBenchApp({ port: PORT, databaseUrl: dbUrl, dataDir: "./data/bench-search", gallerySize: 4 });
  let catTag: string;
  if (reuse) {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    catTag = String((await client.query("select id from tags where slug = 'cat'")).rows[0]?.id);
    await client.end();
  } else {
    const seeded = await seedMillion(dbUrl);
    seedSeconds = seeded.seconds;
    catTag = String(seeded.tagIds.get("cat"));
  }
  const cases: [string, string, Record<string, string>][] = [
    ["common word 'cat'", "/api/search", { q: "cat" }],
    ["common word 'happy'", "/api/search", { q: "happy" }],
    ["common word 'cat', page 10", "/api/search", { q: "cat", page: "10" }],
    ["two words 'sleeping cat'", "/api/search", { q: "sleeping cat" }],
    ["rare word 'zeppelin'", "/api/search", { q: "zeppelin" }],
    ["typo 'peguin'", "/api/search", { q: "peguin" }],
    ["stem 'dancing' ~ 'dance'", "/api/search", { q: "dance" }],
    ["accent 'fache' ~ 'fâché'", "/api/search", { q: "fache" }],
    ["CJK '猫'", "/api/search", { q: "猫" }],
    ["CJK '睡觉'", "/api/search", { q: "睡觉" }],
    ["Korean '고양이'", "/api/search", { q: "고양이" }],
    ["Arabic 'قطة'", "/api/search", { q: "قطة" }],
    ["cross-language 'gato'", "/api/search", { q: "gato" }],
    ["cross-language 'Katze'", "/api/search", { q: "Katze" }],
    ["tag page 'cat', page 1", "/api/square/pageByTag", { tagId: catTag, page: "1" }],
    [`tag page 'cat', page ${TAG_DEEP_PAGE}`, "/api/square/pageByTag", { tagId: catTag, page: String(TAG_DEEP_PAGE) }],
  ];
  for (const [name, path, query] of cases) {
    const row = await measure(name, path, query);
    rows.push(row);
    console.log(`measured ${row.name}: p50 ${row.p50.toFixed(2)} ms, p95 ${row.p95.toFixed(2)} ms`);
  }
} finally {
  await app?.stop();
  await rm("./data/bench-search", { recursive: true, force: true });
}

console.log(
  `\nsearch over HTTP, signed, sequential, ${REQUESTS} requests each, page size 24, PostgreSQL, ${new Date().toISOString()}`,
);
console.log(`seeding ${STICKERS.toLocaleString("en")} stickers: ${seedSeconds.toFixed(1)} s (SQL, search index, VACUUM ANALYZE)`);
console.log("| query | total | p50 ms | p95 ms |");
console.log("|---|---:|---:|---:|");
for (const row of rows) console.log(`| ${row.name} | ${row.total} | ${row.p50.toFixed(2)} | ${row.p95.toFixed(2)} |`);
const worst = Math.max(...rows.map((row) => row.p95));
console.log(`worst p95: ${worst.toFixed(2)} ms (target < 100 ms) — ${worst < 100 ? "met" : "NOT met"}`);
console.log(`whole run: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`);
