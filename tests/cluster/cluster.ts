/**
 * A whole deployment on this machine, as docs/deploy.md describes it: a fresh PostgreSQL database,
 * Redis, an S3-compatible server (s3rver), an SMTP sink, web processes (`npm start`) and workers
 * (`npm run worker`) started at the same moment, and Debian's nginx (the template deploy/nginx.conf)
 * round-robin in front of the web processes. Used by `npm run test:cluster` and `npm run bench:cluster`.
 * Loopback only; every process it starts is ended by `close()`, also after a failure.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import S3rver from "s3rver";
import { NGINX, PROXY_ADDRESS, startNginx } from "#tests/support/nginx.ts";
import { createPostgresDatabase } from "#tests/support/postgres-database.ts";
import { type CaughtMail, startSmtpSink } from "#tests/support/smtp-sink.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BUCKET = "stickers";
/** s3rver checks request signatures against these fixed credentials. */
const S3_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
/** The public key signed-out pages sign with (CLIENT_SIGNING_KEY). */
export const CLIENT_KEY = "cluster-test-public-client-key";
/** The cluster's own Redis database, emptied before and after (rate-limit keys have a fixed prefix). */
const REDIS_DB = 13;

export interface ClusterOptions {
  webs: number;
  workers: number;
  /** First of the ports used: the balancer; then the web processes, S3 and SMTP. */
  basePort?: number;
  /** Settings for every process, on top of the cluster's own. */
  env?: Record<string, string>;
  /** Settings for the workers only (a benchmark's generator). */
  workerEnv?: Record<string, string>;
  /** Log level of the web processes (workers log at info: "worker ready" is how they are seen). */
  webLogLevel?: string;
}

export type Role = "web" | "worker";

/**
 * The command of an npm script (`start`, `worker`), read from package.json so the test cannot drift
 * from it. The processes run it directly, as the container does (Dockerfile CMD, compose.yaml): npm
 * itself ends at once on SIGTERM and leaves the server running, so it cannot stand in front of one.
 * Their pre-steps (node-guard, extract-art) and the build run once, in `prepareBuild`.
 */
export function scriptCommand(name: "start" | "worker"): string[] {
  const scripts = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> })
    .scripts;
  const command = scripts[name];
  if (!command || /[;&|<>$]/.test(command)) throw new Error(`package.json's ${name} script is not one plain command: ${command}`);
  return command.split(/\s+/);
}

/** One `npm start` or `npm run worker` process, in its own process group so the group can be killed whole. */
export class ClusterProcess {
  readonly role: Role;
  readonly index: number;
  readonly logFile: string;
  readonly port: number | null;
  private readonly env: Record<string, string>;
  child: ChildProcess | null = null;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> = Promise.resolve({ code: null, signal: null });
  starts = 0;
  /** Between ready() and the next terminate() or killHard(). */
  serving = false;

  constructor(role: Role, index: number, env: Record<string, string>, logFile: string, port: number | null) {
    this.role = role;
    this.index = index;
    this.env = env;
    this.logFile = logFile;
    this.port = port;
  }

  get name() {
    return `${this.role}-${this.index + 1}`;
  }

  get running() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  start() {
    this.starts += 1;
    const log = openSync(this.logFile, "a");
    const [command, ...args] = scriptCommand(this.role === "web" ? "start" : "worker");
    const child = spawn(command as string, args, { cwd: ROOT, env: this.env, stdio: ["ignore", log, log], detached: true });
    closeSync(log);
    this.child = child;
    this.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  }

  /** SIGTERM to the server, as a container's stop or a rolling restart sends it: a graceful stop. */
  terminate() {
    this.serving = false;
    if (this.running) this.child?.kill("SIGTERM");
  }

  /** SIGKILL to the whole process group (the server and its generator child): a crash. */
  killHard() {
    this.serving = false;
    const pid = this.child?.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
  }

  log() {
    try {
      return readFileSync(this.logFile, "utf8");
    } catch {
      return "";
    }
  }

  /** Ready: a web process answers /readyz 200; a worker has logged "worker ready". Fails if it exits first. */
  async ready(timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    const starts = this.starts;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    void this.exited.then((value) => {
      if (this.starts === starts) exit = value;
    });
    while (Date.now() < deadline) {
      if (exit) throw new Error(`${this.name} exited before it was ready (${JSON.stringify(exit)}):\n${tail(this.log())}`);
      if (this.role === "web") {
        const status = await fetch(`http://127.0.0.1:${this.port}/readyz`)
          .then((answer) => answer.status)
          .catch(() => 0);
        if (status === 200) {
          this.serving = true;
          return;
        }
      } else if (this.log().includes('"msg":"worker ready"')) {
        this.serving = true;
        return;
      }
      await sleep(100);
    }
    throw new Error(`${this.name} was not ready within ${timeoutMs} ms:\n${tail(this.log())}`);
  }
}

export function tail(text: string, lines = 30) {
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** deploy/nginx.conf with its ${NAME} placeholders filled, as envsubst does in compose.yaml. */
export async function renderNginxConfig(values: Record<string, string>): Promise<string> {
  const template = await readFile(path.join(ROOT, "deploy/nginx.conf"), "utf8");
  return template.replace(/\$\{([A-Z_]+)\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`deploy/nginx.conf needs ${name}`);
    return value;
  });
}

/**
 * The variables compose.yaml sets for every web process and worker (docs/deploy.md), here with this
 * machine's addresses. tests/cluster/recipe.test.ts holds the two to the same names. PUBLIC_URL is
 * the balancer on localhost, so the site runs in local mode with the payments sandbox instead of Stripe.
 */
export function deploymentEnv(at: {
  origin: string;
  databaseUrl: string;
  redisUrl: string;
  s3Endpoint: string;
  smtpUrl: string;
}): Record<string, string> {
  return {
    NODE_ENV: "production",
    PUBLIC_URL: at.origin,
    TRUST_PROXY: PROXY_ADDRESS,
    DATABASE_URL: at.databaseUrl,
    REDIS_URL: at.redisUrl,
    S3_BUCKET: BUCKET,
    S3_REGION: "us-east-1",
    S3_ENDPOINT: at.s3Endpoint,
    S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
    SMTP_URL: at.smtpUrl,
    LINK_SEALING_KEY: "cluster-test-link-sealing-key-0123456789",
    WORKER_IN_PROCESS: "false",
  };
}

export interface Cluster {
  /** The balancer's origin, which is also PUBLIC_URL. */
  origin: string;
  lbPort: number;
  webs: ClusterProcess[];
  workers: ClusterProcess[];
  /** The cluster's database (for assertions). */
  db: pg.Pool;
  mails: CaughtMail[];
  /** nginx's error log so far (why it answered 502: "upstream prematurely closed connection"…). */
  proxyLog(): string;
  close(): Promise<void>;
}

function redisUrl() {
  const url = new URL(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
  url.pathname = `/${REDIS_DB}`;
  return url.toString();
}

async function flushRedis(url: string) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}

/**
 * Starts everything and waits until every process is ready. The web processes and workers are all
 * started in the same instant on the empty database (the migration and first-start race).
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!NGINX) throw new Error("nginx is not installed (apt-get install nginx; .ci/run installs it)");
  const base = options.basePort ?? Number(process.env.CLUSTER_PORT ?? 3600);
  const lbPort = base;
  const webPorts = Array.from({ length: options.webs }, (_, i) => base + 1 + i);
  const s3Port = base + 40;
  const smtpPort = base + 41;
  const dir = await mkdtemp(path.join(tmpdir(), "sticker-cluster-"));
  const cleanups: Array<() => Promise<unknown> | unknown> = [() => rm(dir, { recursive: true, force: true })];
  const processes: ClusterProcess[] = [];
  let pool: pg.Pool | null = null;
  const close = async () => {
    for (const member of processes) member.killHard();
    await Promise.all(processes.map((member) => member.exited));
    await pool?.end().catch(() => undefined);
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  };
  try {
    const database = await createPostgresDatabase(
      process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
      `sticker_cluster_${process.pid}_${Date.now()}`,
    );
    cleanups.push(() => database.drop());
    const redis = redisUrl();
    await flushRedis(redis);
    cleanups.push(() => flushRedis(redis));

    const s3Dir = path.join(dir, "s3");
    await mkdir(s3Dir);
    const s3 = new S3rver({
      address: "127.0.0.1",
      port: s3Port,
      directory: s3Dir,
      silent: true,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    await s3.run();
    cleanups.push(() => s3.close());

    const smtp = await startSmtpSink(smtpPort);
    cleanups.push(() => smtp.close());

    const nginxDir = path.join(dir, "nginx");
    await mkdir(nginxDir);
    const config = await renderNginxConfig({
      NGINX_DIR: nginxDir,
      NGINX_LISTEN: `127.0.0.1:${lbPort}`,
      NGINX_PROXY_BIND: PROXY_ADDRESS,
      NGINX_UPSTREAM_SERVERS: webPorts.map((port) => `server 127.0.0.1:${port};`).join(" "),
    });
    const nginx = await startNginx(nginxDir, config, lbPort);
    cleanups.push(() => nginx.stop());

    const origin = `http://localhost:${lbPort}`;
    const shared: Record<string, string> = {
      ...(process.env as Record<string, string>),
      // Node 24 from node_modules, as `npm start` finds it in a checkout.
      PATH: `${path.join(ROOT, "node_modules/.bin")}:${process.env.PATH ?? ""}`,
      ...deploymentEnv({
        origin,
        databaseUrl: database.url,
        redisUrl: redis,
        s3Endpoint: `http://127.0.0.1:${s3Port}`,
        smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      }),
      CLIENT_SIGNING_KEY: CLIENT_KEY,
      ...options.env,
    };
    for (let i = 0; i < options.webs; i++) {
      const dataDir = path.join(dir, `web-${i + 1}`);
      const env = { ...shared, PORT: String(webPorts[i]), DATA_DIR: dataDir, LOG_LEVEL: options.webLogLevel ?? "warn" };
      processes.push(new ClusterProcess("web", i, env, path.join(dir, `web-${i + 1}.log`), webPorts[i] ?? null));
    }
    for (let i = 0; i < options.workers; i++) {
      const env = { ...shared, DATA_DIR: path.join(dir, `worker-${i + 1}`), LOG_LEVEL: "info", ...options.workerEnv };
      processes.push(new ClusterProcess("worker", i, env, path.join(dir, `worker-${i + 1}.log`), null));
    }
    for (const member of processes) member.start();
    await Promise.all(processes.map((member) => member.ready(120_000)));

    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    return {
      origin,
      lbPort,
      webs: processes.filter((member) => member.role === "web"),
      workers: processes.filter((member) => member.role === "worker"),
      db: pool,
      mails: smtp.mails,
      proxyLog: () => {
        try {
          return readFileSync(path.join(nginxDir, "error.log"), "utf8");
        } catch {
          return "";
        }
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * What `npm start` and `npm run worker` run before the server (prestart/preworker), and the build:
 * once, here, so that the processes started together do not all build at once.
 */
export function prepareBuild() {
  for (const script of ["scripts/node-guard.mjs", "scripts/build-if-stale.ts", "scripts/extract-art.ts"]) {
    const result = spawnSync(process.execPath, [script], { cwd: ROOT, stdio: "inherit" });
    if (result.status !== 0) throw new Error(`${script} failed`);
  }
}
