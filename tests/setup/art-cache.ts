import { execFileSync } from "node:child_process";

/**
 * Vitest's global setup: the offline generator's art cache is built once, before the workers start
 * (a no-op when it is current), instead of by each worker that finds it missing on a fresh clone.
 */
export default function buildArtCache(): void {
  execFileSync(process.execPath, ["scripts/extract-art.ts"], { stdio: "inherit" });
}
