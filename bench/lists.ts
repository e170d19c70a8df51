import { rm } from "node:fs/promises";
import pg from "pg";
import { signatureHeaders } from "#tests/support/call-signature.ts";
import { createPostgresDatabase } from "#tests/support/postgres-database.ts";
import { type BenchApp, CLIENT_KEY, measureListCall, startBenchApp } from "./app-process.ts";

/**
 * `npm run bench:lists`: the list call (GET /api/square/pageByTag, signed, over HTTP through the real
 * route) at any depth and any size, with the public-list cache off so each call reads the database
 * (decision 0022). Seeds 1,000,000 public stickers on PostgreSQL with SQL (a few stored pictures
 * reused), then prints p50/p95 of page 1 and page 40,000 of latest and popular (size 24), their p95
 * ratio (target <= 1.5) and the same calls on a freshly seeded 224-sticker gallery (target: 1M p95
 * within 2x). Requests are sequential, one connection, so the figures are latencies, not throughput.
 */
const BASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const STICKERS = Number(process.env.BENCH_LIST_STICKERS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 300);
const PORT = Number(process.env.BENCH_LISTS_PORT ?? 3435);
const DEEP_PAGE = Math.floor(STICKERS / 25);
const PATH = "/api/square/pageByTag";

/** p50/p95 in ms of REQUESTS sequential signed calls for one page, after a warm-up. */
const measure = (name: string, query: Record<string, string>) =>
  measureListCall({ port: PORT, name, path: PATH, query, requests: REQUESTS, warmup: 20 });

type Row = Awaited<ReturnType<typeof measure>>;

async function seedMillion(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    // The trigger that copies visibility and hot score into sticker_tags runs per row; the bulk insert
    // writes the same copies itself from the joined sticker, then the trigger is back for the app.
    await client.query("alter table sticker_tags disable trigger sticker_tags_copy_sticker");
    await client.query(
      `insert into stickers (sticker_inst_id, pic_id, name, prompt, visibility, favorite_count, hot_score, created_at)
       select 'bench' || n, pics.ids[1 + n % array_length(pics.ids, 1)], 'sticker ' || n, 'a sticker',
              'public', fav, log(greatest(fav, 1)::double precision) + extract(epoch from at) / 45000, at
       from (select array_agg(id order by id) as ids from pictures) pics,
            lateral (select n, (floor(power(((n::bigint * 7919) % 10007) / 10007.0, 6) * 5000))::int as fav,
                            now() - interval '1 second' * (($1::int - n) * 30) as at
                     from generate_series(1, $1::int) as n) s`,
      [STICKERS],
    );
    await client.query(
      `insert into sticker_tags (sticker_id, tag_id, is_public, hot_score)
       select id, 1, true, hot_score from stickers where sticker_inst_id like 'bench%'
       union all
       select id, 2, true, hot_score from stickers where sticker_inst_id like 'bench%' and id % 3 = 0`,
    );
    await client.query("alter table sticker_tags enable trigger sticker_tags_copy_sticker");
    await client.query("vacuum analyze stickers");
    await client.query("vacuum analyze sticker_tags");
    return (performance.now() - started) / 1000;
  } finally {
    await client.end();
  }
}

const CASES: [string, Record<string, string>][] = [
  ["latest page 1", { tagId: "1", sortBy: "id", page: "1" }],
  ["latest page deep", { tagId: "1", sortBy: "id", page: String(DEEP_PAGE) }],
  ["popular page 1", { tagId: "1", sortBy: "popular", page: "1" }],
  ["popular page deep", { tagId: "1", sortBy: "popular", page: String(DEEP_PAGE) }],
];

const runStarted = performance.now();
const gallery: Row[] = [];
const million: Row[] = [];
let seedSeconds = 0;
let gallerySeconds = 0;
let app: BenchApp | null = null;
try {
  // The 224-sticker gallery, seeded by the app on first start as in production.
  const smallDb = await createPostgresDatabase(BASE_URL, "sticker_lists_gallery", { replace: true });
  await rm("./data/bench-lists-gallery", { recursive: true, force: true });
  let started = performance.now();
  app = await startBenchApp({ port: PORT, databaseUrl: smallDb.url, dataDir: "./data/bench-lists-gallery", gallerySize: 224 });
  gallerySeconds = (performance.now() - started) / 1000;
  for (const [name, query] of CASES.filter(([name]) => name.endsWith("page 1"))) gallery.push(await measure(name, query));
  await app.stop();
  app = null;
  await smallDb.drop();

  // The million: the app migrates and draws a few pictures, then SQL adds the stickers.
  const bigDb = await createPostgresDatabase(BASE_URL, "sticker_lists_bench", { replace: true });
  await rm("./data/bench-lists", { recursive: true, force: true });
  app = await startBenchApp({ port: PORT, databaseUrl: bigDb.url, dataDir: "./data/bench-lists", gallerySize: 4 });
  started = performance.now();
  seedSeconds = await seedMillion(bigDb.url);
  void started;
  // The first deep call per list takes the anchor scan (then every 60 s in the background).
  for (const [name, query] of CASES) {
    const first = performance.now();
    const headers = await signatureHeaders("GET", PATH, {
      search: new URLSearchParams({ ...query, size: "24" }),
      key: CLIENT_KEY,
      client: "bench/1",
    });
    await (await fetch(`http://127.0.0.1:${PORT}${PATH}?${new URLSearchParams({ ...query, size: "24" })}`, { headers })).text();
    console.log(`first call, ${name}: ${(performance.now() - first).toFixed(0)} ms`);
  }
  for (const [name, query] of CASES) million.push(await measure(name, query));
} finally {
  await app?.stop();
  await rm("./data/bench-lists-gallery", { recursive: true, force: true });
  await rm("./data/bench-lists", { recursive: true, force: true });
}

const fmt = (ms: number) => ms.toFixed(2);
console.log(
  `\nlist call over HTTP, signed, sequential, ${REQUESTS} requests each, cache off, PostgreSQL, ${new Date().toISOString()}`,
);
console.log(`seeding ${STICKERS.toLocaleString("en")} stickers: ${seedSeconds.toFixed(1)} s (SQL + VACUUM ANALYZE)`);
console.log(`224-sticker gallery first start: ${gallerySeconds.toFixed(1)} s`);
console.log("| list | total | p50 ms | p95 ms |");
console.log("|---|---:|---:|---:|");
for (const row of [
  ...gallery.map((r) => ({ ...r, name: `gallery ${r.name}` })),
  ...million.map((r) => ({ ...r, name: `1M ${r.name.replace("deep", String(DEEP_PAGE))}` })),
]) {
  console.log(`| ${row.name} | ${row.total} | ${fmt(row.p50)} | ${fmt(row.p95)} |`);
}
const p95 = (rows: Row[], name: string) => rows.find((row) => row.name === name)!.p95;
for (const order of ["latest", "popular"]) {
  const depth = p95(million, `${order} page deep`) / p95(million, `${order} page 1`);
  const size = Math.max(p95(million, `${order} page 1`), p95(million, `${order} page deep`)) / p95(gallery, `${order} page 1`);
  console.log(
    `${order}: p95 page ${DEEP_PAGE} / page 1 = ${depth.toFixed(2)} (target <= 1.5); 1M p95 (worst page) / gallery p95 = ${size.toFixed(2)} (target <= 2)`,
  );
}
console.log(`whole run: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`);
