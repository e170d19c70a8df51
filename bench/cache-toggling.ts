import { rm } from "node:fs/promises";
import pg from "pg";
import { VISIBILITY_CHANGES_PER_MINUTE } from "#common/stickers.ts";
import { PAGE_CACHE_HEADER } from "#server/pages/page-cache.ts";
import { hashToken } from "#server/sessions/resolve-session.ts";
import { signatureHeaders } from "#tests/support/call-signature.ts";
import { createPostgresDatabase } from "#tests/support/postgres-database.ts";
import { type BenchApp, startBenchApp } from "./app-process.ts";

/**
 * `npm run bench:cache-toggling`: one signed-in user toggles their own public sticker, one that the
 * visitors' home shows, public/private TOGGLES times in SECONDS s through `POST /api/sticker/setVisibility`
 * on one of two app processes (PostgreSQL, the shared page cache at its default time), while VISITORS
 * visitors ask both processes for the home page over and over. Prints how the visitors' home answers
 * were found (hit / stale / miss) per process, the hit rate (target >= 90 %), and how many toggles went
 * through (the rest were RATE_LIMITED: VISIBILITY_CHANGES_PER_MINUTE per user). Then the same with a
 * sticker the home does not show, which drops no visitor page at all (decision 0021).
 */
const BASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const PORTS = [Number(process.env.BENCH_TOGGLING_PORT ?? 3445), Number(process.env.BENCH_TOGGLING_PORT ?? 3445) + 1];
const TOGGLES = Number(process.env.BENCH_TOGGLES ?? 300);
const SECONDS = Number(process.env.BENCH_TOGGLING_SECONDS ?? 10);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 8);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The sticker ids the visitors' home shows, in page order. */
async function homeStickers(port: number): Promise<string[]> {
  const html = await (await fetch(`http://127.0.0.1:${port}/`, { headers: { "Accept-Language": "en-US" } })).text();
  return [...new Set([...html.matchAll(/href="\/sticker\/([A-Za-z0-9_-]+)/g)].map((match) => match[1]!))];
}

interface Toggler {
  token: string;
  signingKey: string;
}

/** A new user with a session, owning `stickerInstId` (made public). */
async function toggler(databaseUrl: string, name: string, stickerInstId: string): Promise<Toggler> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const made = { token: `bench-${name}-session-token`, signingKey: `bench-${name}-signing-key-0123456789` };
    const user = await client.query<{ id: string }>("insert into users (email) values ($1) returning id", [
      `${name}@bench.example`,
    ]);
    const id = user.rows[0]!.id;
    await client.query(
      "insert into sessions (user_id, token_hash, signing_key, expires_at) values ($1, $2, $3, now() + interval '1 hour')",
      [id, hashToken(made.token), made.signingKey],
    );
    await client.query("update stickers set owner_id = $1, visibility = 'public' where sticker_inst_id = $2", [
      id,
      stickerInstId,
    ]);
    return made;
  } finally {
    await client.end();
  }
}

interface Round {
  outcomes: Record<string, number>[];
  applied: number;
  limited: number;
}

/** TOGGLES visibility changes spread over SECONDS s while VISITORS loops ask for the home page. */
async function round(user: Toggler, stickerInstId: string): Promise<Round> {
  const outcomes = PORTS.map(() => ({ hit: 0, stale: 0, miss: 0, other: 0 }) as Record<string, number>);
  const until = performance.now() + SECONDS * 1000;
  const visitor = async (n: number) => {
    const at = n % PORTS.length;
    while (performance.now() < until) {
      const answer = await fetch(`http://127.0.0.1:${PORTS[at]}/`, {
        headers: { "Accept-Language": "en-US", "Accept-Encoding": "br" },
      });
      await answer.arrayBuffer();
      const outcome = answer.status === 200 ? (answer.headers.get(PAGE_CACHE_HEADER) ?? "other") : "other";
      outcomes[at]![outcome] = (outcomes[at]![outcome] ?? 0) + 1;
    }
  };
  let applied = 0;
  let limited = 0;
  const toggle = async () => {
    const path = "/api/sticker/setVisibility";
    for (let i = 0; i < TOGGLES; i += 1) {
      const body = { stickerInstId, visibility: i % 2 === 0 ? "private" : "public" };
      const headers = await signatureHeaders("POST", path, {
        search: new URLSearchParams(),
        body,
        key: user.signingKey,
        client: "bench/1",
      });
      const answer = await fetch(`http://127.0.0.1:${PORTS[0]}${path}`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json", Cookie: `token=${user.token}` },
        body: JSON.stringify(body),
      });
      const status = ((await answer.json()) as { status: unknown }).status;
      if (status === 200) applied += 1;
      else if (status === "RATE_LIMITED") limited += 1;
      else throw new Error(`toggle ${i}: ${String(status)}`);
      await sleep((SECONDS * 1000) / TOGGLES);
    }
  };
  await Promise.all([toggle(), ...Array.from({ length: VISITORS }, (_, n) => visitor(n))]);
  return { outcomes, applied, limited };
}

function report(name: string, result: Round) {
  console.log(`\n${name}`);
  console.log(`  toggles: ${TOGGLES} asked in ${SECONDS} s, ${result.applied} applied, ${result.limited} RATE_LIMITED`);
  let hits = 0;
  let all = 0;
  result.outcomes.forEach((outcome, at) => {
    const total = outcome.hit! + outcome.stale! + outcome.miss! + outcome.other!;
    hits += outcome.hit!;
    all += total;
    console.log(
      `  process ${at + 1} (${at === 0 ? "takes the toggles" : "told by NOTIFY"}): ${total} home answers: ` +
        `${outcome.hit} hit, ${outcome.stale} stale, ${outcome.miss} miss, ${outcome.other} other`,
    );
  });
  const rate = (100 * hits) / all;
  console.log(`  visitors' home hit rate: ${rate.toFixed(1)} % (target >= 90 %)`);
  return rate;
}

const apps: BenchApp[] = [];
let failed = false;
try {
  const database = await createPostgresDatabase(BASE_URL, "sticker_cache_toggling", { replace: true });
  await rm("./data/bench-cache-toggling", { recursive: true, force: true });
  const env = { PUBLIC_LIST_CACHE_SECONDS: "5", WORKER_IN_PROCESS: "false" };
  for (const port of PORTS) {
    apps.push(
      await startBenchApp({ port, databaseUrl: database.url, dataDir: "./data/bench-cache-toggling", gallerySize: 60, env }),
    );
  }
  const shown = await homeStickers(PORTS[0]!);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const notShown = await client.query<{ sticker_inst_id: string }>(
    "select sticker_inst_id from stickers where visibility = 'public' and not (sticker_inst_id = any($1)) order by id limit 1",
    [shown],
  );
  await client.end();
  const onHome = shown[0];
  const offHome = notShown.rows[0]?.sticker_inst_id;
  if (!onHome || !offHome) throw new Error("the gallery has no sticker on (or off) the home page");
  const first = await toggler(database.url, "toggler-1", onHome);
  const second = await toggler(database.url, "toggler-2", offHome);
  console.log(
    `2 app processes, PostgreSQL, page cache ${process.env.PAGE_CACHE_SECONDS ?? 10} s; ${VISITORS} visitors; limit ${VISIBILITY_CHANGES_PER_MINUTE} changes/min per user`,
  );
  const onRate = report(`a sticker the home shows (${onHome})`, await round(first, onHome));
  // Another user (the first one's minute is spent) toggles a sticker the home does not show.
  const offRate = report(`a sticker the home does not show (${offHome})`, await round(second, offHome));
  failed = onRate < 90 || offRate < 90;
} finally {
  for (const app of apps) await app.stop();
}
if (failed) process.exitCode = 1;
