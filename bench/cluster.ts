/**
 * `npm run bench:cluster`: the deployment of tests/cluster/cluster.ts (nginx, web processes,
 * workers, PostgreSQL, Redis, S3) measured two ways:
 *   - tasks per minute with 1 and with 2 workers: drawing with the offline generator (CPU-bound, so on
 *     a 2-core machine shared with the web process and PostgreSQL the ratio cannot reach 2), and with
 *     the stand-in that sleeps instead of drawing (GENERATION_PROVIDER=sleep: what a hosted generator
 *     looks like to the queue; target ratio ≥ 1.8);
 *   - requests/s of the home page and the list call through the balancer with 1 and 2 web processes.
 * A worker's queue loop lasts at least its polling interval (0.5 s, server/tasks/task-worker.ts) when it
 * runs one job at a time, so one worker makes at most ~120 tasks a minute however fast it draws.
 * Prints a table. Settings: BENCH_TASKS (30), BENCH_SECONDS (10), BENCH_CONNECTIONS (20), CLUSTER_PORT.
 */
import autocannon from "autocannon";
import { ClusterUser, newTraffic } from "#tests/cluster/client.ts";
import { CLIENT_KEY, type Cluster, prepareBuild, sleep, startCluster } from "#tests/cluster/cluster.ts";
import { signatureHeaders } from "#tests/support/call-signature.ts";

const TASKS = Number(process.env.BENCH_TASKS ?? 30);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SETTINGS = {
  SEED_GALLERY_SIZE: "24",
  STARTING_POINTS: "100000",
  TASKS_IN_FLIGHT_LIMIT: "100",
  WORKER_CONCURRENCY: "1",
  PUBLIC_LIST_CACHE_SECONDS: "5",
};

interface Row {
  measure: string;
  "with 1": number;
  "with 2": number;
  ratio: string;
  target: string;
}

/** Submits `count` text tasks through the balancer and waits until every one has ended. */
async function runTasks(cluster: Cluster, user: ClusterUser, count: number): Promise<number> {
  const started = performance.now();
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const task = await user.ok<{ taskId: number }>("POST", "/api/aitask/submitGenerateText", {
      body: { prompt: `bench sticker ${i} of a happy cat`, visibility: "private" },
    });
    ids.push(task.taskId);
  }
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const { rows } = await cluster.db.query<{ open: string; failed: string }>(
      "select count(*) filter (where status in (0, 1)) as open, count(*) filter (where status = 3) as failed from tasks where id = any($1)",
      [ids],
    );
    if (Number(rows[0]?.failed) > 0) throw new Error(`${rows[0]?.failed} benchmark tasks failed`);
    if (Number(rows[0]?.open) === 0) break;
    if (Date.now() > deadline) throw new Error("benchmark tasks did not end within 10 minutes");
    await sleep(50);
  }
  return performance.now() - started;
}

/** Tasks per minute once every worker has drawn once (the first job starts its generator process). */
async function tasksPerMinute(workers: number, provider: "offline" | "sleep"): Promise<number> {
  const workerEnv: Record<string, string> = provider === "sleep" ? { GENERATION_PROVIDER: "sleep", NODE_ENV: "test" } : {};
  const cluster = await startCluster({ webs: 1, workers, env: SETTINGS, workerEnv });
  const user = new ClusterUser({
    email: "bench@cluster.example",
    origin: cluster.origin,
    localAddress: "127.0.1.1",
    traffic: newTraffic(),
  });
  try {
    await user.signIn(cluster.mails);
    await runTasks(cluster, user, workers * 2);
    const ms = await runTasks(cluster, user, TASKS);
    return Math.round((TASKS / ms) * 60_000);
  } finally {
    user.close();
    await cluster.close();
  }
}

/** Requests that did not get an answer (timeouts, resets), per measured path: reported, not hidden. */
const unanswered: string[] = [];

async function requestsPerSecond(cluster: Cluster, path: string, signed: boolean): Promise<number> {
  const url = new URL(path, cluster.origin);
  const headers = signed
    ? await signatureHeaders("GET", url.pathname, { search: url.searchParams, key: CLIENT_KEY, client: "bench/1" })
    : {};
  const result = await autocannon({ url: `${cluster.origin}${path}`, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx > 0) throw new Error(`${path}: ${result.non2xx} non-2xx answers`);
  if (result.errors > 0)
    unanswered.push(
      `${path}: ${result.errors} of ${result.requests.sent} requests unanswered (${result.timeouts} timeouts, ${result.resets} resets)`,
    );
  return Math.round(result.requests.average);
}

async function webThroughput(webs: number) {
  const cluster = await startCluster({ webs, workers: 1, env: SETTINGS });
  try {
    // Warm both processes' page and list caches before measuring.
    await requestsPerSecond(cluster, "/", false).catch(() => 0);
    return {
      home: await requestsPerSecond(cluster, "/", false),
      list: await requestsPerSecond(cluster, "/api/square/pageByTag?tagId=1&page=1&size=24", true),
    };
  } finally {
    await cluster.close();
  }
}

function row(measure: string, one: number, two: number, target: string): Row {
  return { measure, "with 1": one, "with 2": two, ratio: (two / one).toFixed(2), target };
}

prepareBuild();
const rows: Row[] = [];
const offline = [await tasksPerMinute(1, "offline"), await tasksPerMinute(2, "offline")];
rows.push(row("tasks/min, offline generator (1 vs 2 workers)", offline[0]!, offline[1]!, "reported (CPU-bound)"));
const sleeping = [await tasksPerMinute(1, "sleep"), await tasksPerMinute(2, "sleep")];
rows.push(row("tasks/min, sleeping stand-in (1 vs 2 workers)", sleeping[0]!, sleeping[1]!, "ratio ≥ 1.8"));
const web = [await webThroughput(1), await webThroughput(2)];
rows.push(row("home / req/s through nginx (1 vs 2 web)", web[0]!.home, web[1]!.home, "reported"));
rows.push(row("list call req/s through nginx (1 vs 2 web)", web[0]!.list, web[1]!.list, "reported"));
console.table(rows);
const sleepRatio = sleeping[1]! / sleeping[0]!;
console.log(
  `bench:cluster: ${TASKS} tasks per run, ${DURATION} s × ${CONNECTIONS} connections per HTTP run; ` +
    `sleeping stand-in ratio ${sleepRatio.toFixed(2)} (${sleepRatio >= 1.8 ? "target met" : "target missed"}), ` +
    `offline ratio ${(offline[1]! / offline[0]!).toFixed(2)} on ${(await import("node:os")).availableParallelism()} cores`,
);
for (const line of unanswered) console.log(`unanswered: ${line}`);
process.exit(0);
