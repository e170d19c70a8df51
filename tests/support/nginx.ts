import { spawn, spawnSync } from "node:child_process";
import { chmod, writeFile } from "node:fs/promises";
import { createConnection } from "node:net";
import path from "node:path";

/** Debian's nginx, or null when it is not installed (.ci/run installs it). */
export const NGINX = ["/usr/sbin/nginx", "nginx"].find((command) => !spawnSync(command, ["-v"]).error) ?? null;

/** nginx connects to the app from this loopback address (proxy_bind); TRUST_PROXY names it (decision 0012). */
export const PROXY_ADDRESS = "127.0.0.2";

export interface RunningNginx {
  /** SIGQUIT (a graceful stop); resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * Runs nginx in the foreground with `config` (written to `<dir>/nginx.conf`; `dir` is its prefix and
 * made writable for its workers, which may run as another user), and waits until it listens on
 * 127.0.0.1:`port`. Fails with nginx's error output if it does not within 10 s.
 */
export async function startNginx(dir: string, config: string, port: number): Promise<RunningNginx> {
  if (!NGINX) throw new Error("nginx is not installed (apt-get install nginx; .ci/run installs it)");
  await chmod(dir, 0o777);
  await writeFile(path.join(dir, "nginx.conf"), config);
  const nginx = spawn(NGINX, ["-c", path.join(dir, "nginx.conf"), "-p", dir, "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  nginx.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise((resolve) => nginx.once("exit", resolve));
  const running: RunningNginx = {
    async stop() {
      if (nginx.exitCode === null && nginx.signalCode === null) nginx.kill("SIGQUIT");
      await exited;
    },
  };
  try {
    await waitForPort(port, 10_000);
  } catch (error) {
    await running.stop();
    throw new Error(`nginx did not start: ${errors}`, { cause: error });
  }
  return running;
}

/** Resolves once something accepts connections on 127.0.0.1:`port`. */
export function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = createConnection({ host: "127.0.0.1", port });
      socket.once("connect", () => {
        socket.destroy();
        resolve();
      });
      socket.once("error", () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listens on ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}
