import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Builds the pages when the build is missing or older than the page sources or the lockfile.
 * `BUILD_CHECK=off` skips the check where the build is known to be current and the build tools are
 * gone: the container image (Dockerfile) builds once, then prunes dev dependencies, and npm rewrites the
 * lockfile's time while pruning, which would make a fresh build look stale.
 */
function newestChange(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function buildIfStale() {
  const marker = path.resolve("build/server/index.js");
  // Loaders bundle server service code too, so a change there also calls for a new build.
  const sources = ["app", "common", "public", "server"].filter((folder) => existsSync(folder));
  const inputs = [...sources.map(newestChange), statSync("package-lock.json").mtimeMs, statSync("vite.config.ts").mtimeMs];
  const stale = !existsSync(marker) || Math.max(...inputs) > statSync(marker).mtimeMs;

  if (stale) {
    console.log("Building the app…");
    const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

// start.ts imports this module, so it never exits on success: it builds (or not) and returns.
if (process.env.BUILD_CHECK !== "off") buildIfStale();
