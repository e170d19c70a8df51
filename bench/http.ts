import { type ChildProcess, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { signatureHeaders } from "#tests/support/call-signature.ts";
import { createPostgresDatabase } from "#tests/support/postgres-database.ts";

/**
 * `npm run bench`: requests/s and p99 latency of a raw node:http hello world, /healthz, the
 * server-rendered home page and the database-backed list call (GET /api/square/pageByTag, popular)
 * on PostgreSQL with the seeded gallery, over loopback, each bounded to DURATION seconds. Each server
 * runs in its own process; the load comes from this one.
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const DB_NAME = "sticker_bench";
const RAW_PORT = 3301;
const APP_PORT = 3302;
const CLIENT_KEY = "sticker-studio-public-client-key-v2";

function start(command: string[], env: Record<string, string>): ChildProcess {
  const [bin, ...args] = command;
  return spawn(bin!, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
}

async function waitFor(url: string) {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`${url} did not come up`);
}

async function load(name: string, url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { name, rps: result.requests.average, p99: result.latency.p99 };
}

const children: ChildProcess[] = [];
try {
  const databaseUrl = (await createPostgresDatabase(BASE_URL, DB_NAME, { replace: true })).url;
  children.push(start(["node", "bench/raw-server.ts"], { PORT: String(RAW_PORT) }));
  children.push(
    start(["node", "scripts/start.ts"], {
      PORT: String(APP_PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "silent",
      PUBLIC_URL: `http://localhost:${APP_PORT}`,
    }),
  );
  await waitFor(`http://127.0.0.1:${RAW_PORT}/`);
  await waitFor(`http://127.0.0.1:${APP_PORT}/readyz`);

  const path = "/api/square/pageByTag";
  const params: [string, string][] = [
    ["tagId", "1"],
    ["page", "1"],
    ["size", "24"],
  ];
  const signed = await signatureHeaders("GET", path, { search: new URLSearchParams(params), key: CLIENT_KEY, client: "bench/1" });
  const check = await fetch(`http://127.0.0.1:${APP_PORT}${path}?${new URLSearchParams(params)}`, { headers: signed });
  const body = (await check.json()) as { status: unknown; data: { total: number } };
  if (body.status !== 200 || body.data.total < 200) throw new Error(`list call answered ${JSON.stringify(body).slice(0, 300)}`);

  const rows = [
    await load("raw node:http hello world", `http://127.0.0.1:${RAW_PORT}/`),
    await load("GET /healthz", `http://127.0.0.1:${APP_PORT}/healthz`),
    await load("GET / (server-rendered home)", `http://127.0.0.1:${APP_PORT}/`, {
      "Accept-Encoding": "br",
      "Accept-Language": "en-US",
    }),
    await load(
      "GET /api/square/pageByTag popular (PostgreSQL, signed)",
      `http://127.0.0.1:${APP_PORT}${path}?${new URLSearchParams(params)}`,
      signed,
    ),
  ];
  const raw = rows[0]!;
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, loopback, ${new Date().toISOString()}`);
  console.log("| target | requests/s | p99 ms | requests/s vs raw | p99 vs raw |");
  console.log("|---|---:|---:|---:|---:|");
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.rps.toFixed(0)} | ${row.p99} | ${(row.rps / raw.rps).toFixed(2)} | ${(row.p99 / Math.max(raw.p99, 1)).toFixed(2)} |`,
    );
  }
} finally {
  for (const child of children) child.kill("SIGTERM");
}
