/**
 * One app process for the benches that measure calls against a PostgreSQL database they filled
 * (`bench:lists`, `bench:search`): started with `scripts/start.ts` as production starts it, on loopback.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

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
