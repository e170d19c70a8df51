import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * `npm run bench:first-start`: seconds from `npm start`'s server process to a ready server on an
 * empty data folder (migrations + the full first-start seed on PGlite), then a second start.
 */
const PORT = 3303;
const DATA_DIR = "./data/bench-first-start";

async function timeStart(label: string) {
  const started = performance.now();
  const child = spawn("node", ["scripts/start.ts"], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR, LOG_LEVEL: "warn", PUBLIC_URL: `http://localhost:${PORT}` },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/readyz`)).ok) break;
      } catch {}
      if (performance.now() - started > 180_000) throw new Error("not ready after 180 s");
      await sleep(100);
    }
    console.log(`${label}: ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

await rm(DATA_DIR, { recursive: true, force: true });
await timeStart("first start (empty data folder)");
await timeStart("second start");
await rm(DATA_DIR, { recursive: true, force: true });
