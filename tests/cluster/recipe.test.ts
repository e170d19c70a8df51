import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deploymentEnv, renderNginxConfig, scriptCommand } from "./cluster.ts";

/**
 * The deployment recipe (Dockerfile, compose.yaml, deploy/nginx.conf) and `npm run test:cluster` must
 * run the same things: where no container can be built, the cluster test is what exercises the recipe.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const compose = read("compose.yaml");
const dockerfile = read("Dockerfile");

/** The `KEY: value` lines of one indented block of compose.yaml, from the line that opens it. */
function blockKeys(opening: string): string[] {
  const lines = compose.split("\n");
  const start = lines.findIndex((line) => line.trimEnd().endsWith(opening));
  expect(start, `compose.yaml has "${opening}"`).toBeGreaterThanOrEqual(0);
  const indent = (lines[start + 1] ?? "").search(/\S/);
  const keys: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === "" || line.search(/\S/) < indent) break;
    const key = /^\s*([A-Z][A-Z0-9_]*):/.exec(line)?.[1];
    if (key) keys.push(key);
  }
  return keys;
}

const commandOf = (anchor: string) =>
  JSON.parse(new RegExp(`${anchor}[\\s\\S]*?\\n  command: (\\[.*\\])`).exec(compose)?.[1] ?? "null") as string[] | null;

describe("the deployment recipe runs what the cluster test runs", () => {
  it("the image turns the build check off (its build is current and its build tools are pruned)", () => {
    expect(dockerfile).toMatch(/npm run build[\s\S]*npm prune --omit=dev/);
    expect(dockerfile).toMatch(/^ENV [\s\S]*?\bBUILD_CHECK=off\b/m);
  });

  it("the image's command is the start script's and compose's worker command is the worker script's", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? "null")).toEqual(scriptCommand("start"));
    expect(commandOf("x-web: &web")).toEqual(scriptCommand("start"));
    expect(commandOf("x-worker: &worker")).toEqual(scriptCommand("worker"));
  });

  it("the image is multi-stage, runs as a non-root user and checks /readyz", () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/readyz/m);
  });

  it("compose sets every variable the cluster test sets for its processes", () => {
    const names = Object.keys(deploymentEnv({ origin: "", databaseUrl: "", redisUrl: "", s3Endpoint: "", smtpUrl: "" }));
    expect(blockKeys("environment: &app-env")).toEqual(expect.arrayContaining(names));
  });

  it("compose runs two web processes, two workers, PostgreSQL, Redis, an S3-compatible store and the proxy", () => {
    for (const service of ["web-1: *web", "web-2: *web", "worker-1: *worker", "worker-2: *worker"]) {
      expect(compose).toContain(`\n  ${service}\n`);
    }
    for (const service of ["postgres", "redis", "minio", "proxy"]) expect(compose).toMatch(new RegExp(`\\n  ${service}:\\n`));
  });

  it("the proxy fills exactly the placeholders of deploy/nginx.conf, the template the cluster test renders", async () => {
    const placeholders = [...new Set([...read("deploy/nginx.conf").matchAll(/\$\{([A-Z_]+)\}/g)].map((m) => m[1]))].sort();
    const proxyEnv = blockKeys("NGINX_DIR: /tmp/nginx").concat("NGINX_DIR");
    expect([...new Set(proxyEnv)].sort()).toEqual(placeholders);
    for (const name of placeholders) expect(compose).toContain(`$\${${name}}`);
    const rendered = await renderNginxConfig(Object.fromEntries(placeholders.map((name) => [name as string, "x"])));
    expect(rendered).not.toMatch(/\$\{/);
  });
});
