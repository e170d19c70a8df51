/**
 * One app process for the benches that measure calls against a PostgreSQL database they filled
 * (`bench:lists`, `bench:search`): started with `scripts/start.ts` as production starts it, on loopback.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { signatureHeaders } from "#tests/support/call-signature.ts";

export interface BenchApp {
  child: ChildProcess;
  port: number;
  /** Asks for SIGTERM's graceful drain and waits for the exit. */
  stop(): Promise<void>;
}

/** Starts the app on `port` and resolves once `/readyz` answers (first starts seed `gallerySize` stickers). */
export async function startBenchApp(o: {
  port: number;
  databaseUrl: string;
  dataDir: string;
  gallerySize: number;
  /** More of the app's environment (it wins over the bench defaults above). */
  env?: Record<string, string>;
}): Promise<BenchApp> {
  const child = spawn("node", ["scripts/start.ts"], {
    env: {
      ...process.env,
      PORT: String(o.port),
      HOST: "127.0.0.1",
      DATABASE_URL: o.databaseUrl,
      DATA_DIR: o.dataDir,
      SEED_GALLERY_SIZE: String(o.gallerySize),
      PUBLIC_LIST_CACHE_SECONDS: "0",
      LOG_LEVEL: "silent",
      PUBLIC_URL: `http://localhost:${o.port}`,
      ...o.env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  for (let i = 0; i < 1800; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${o.port}/readyz`)).ok) return { child, port: o.port, stop };
    } catch {}
    await sleep(100);
  }
  await stop();
  throw new Error("the app did not come up");
}

/** The page's public client key: the benches call as a visitor would. */
export const CLIENT_KEY = "sticker-studio-public-client-key-v2";

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

export interface ListCallTimes {
  name: string;
  total: number;
  p50: number;
  p95: number;
}

/**
 * p50/p95 in ms of `requests` sequential signed GETs of a list-shaped call (`{ list, total }`, page size
 * 24) after `warmup` unmeasured ones; an error answer or an empty list stops the bench.
 */
export async function measureListCall(o: {
  port: number;
  name: string;
  path: string;
  query: Record<string, string>;
  requests: number;
  warmup: number;
}): Promise<ListCallTimes> {
  const search = new URLSearchParams({ ...o.query, size: "24" });
  const url = `http://127.0.0.1:${o.port}${o.path}?${search}`;
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < o.requests + o.warmup; i += 1) {
    const headers = await signatureHeaders("GET", o.path, { search, key: CLIENT_KEY, client: "bench/1" });
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = (await response.json()) as { status: unknown; data: { list: unknown[]; total: number } };
    const ms = performance.now() - started;
    if (body.status !== 200 || body.data.list.length === 0) throw new Error(`${o.name}: ${JSON.stringify(body).slice(0, 200)}`);
    total = body.data.total;
    if (i >= o.warmup) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { name: o.name, total, p50: percentile(times, 50), p95: percentile(times, 95) };
}
