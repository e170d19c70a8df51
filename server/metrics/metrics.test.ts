/**
 * `/metrics` (decision 0020): the gate (a bearer token, else direct loopback requests only; refusals in
 * the envelope), route patterns as labels, and counters that move after a request and after a task.
 */
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TASK_STATUS } from "#common/tasks.ts";
import { metricSample } from "#tests/support/metric-sample.ts";
import { callApi, createGalleryTestApp } from "#tests/support/stickers.ts";
import { userWithPoints, waitForTask } from "#tests/support/tasks.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { startTaskWorkers, type TaskWorkers } from "../tasks/task-worker.ts";
import { listenForMetrics } from "./metrics-listener.ts";

const TOKEN = "metrics-token-0123456789abcdef";

describe("the /metrics gate without METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => closeTestApp(t));

  it("answers a direct request from this machine in Prometheus text format, with process metrics", async () => {
    const response = await t.server.request("http://localhost/metrics");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain("# TYPE http_requests_total counter");
    expect(text).toContain("# TYPE process_cpu_user_seconds_total counter");
    expect(text).toContain("# TYPE nodejs_eventloop_lag_seconds gauge");
    expect(text).toMatch(/^sticker_tasks\{state="success"\} \d+$/m);
  });

  it("answers 404 in the envelope to a request relayed by a proxy or naming another host", async () => {
    const relayed: { url: string; headers: Record<string, string> }[] = [
      { url: "http://localhost/metrics", headers: { "X-Forwarded-For": "203.0.113.9" } },
      { url: "http://localhost/metrics", headers: { Via: "1.1 proxy" } },
      { url: "http://metrics.example.com/metrics", headers: {} },
    ];
    for (const init of relayed) {
      const response = await t.server.request(init.url, { headers: init.headers });
      expect(response.status, JSON.stringify(init)).toBe(404);
      expect(await response.json()).toMatchObject({ status: "NOT_FOUND", data: null, msgKey: "errors.notFound" });
    }
  });

  const external = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === "IPv4" && !address.internal)?.address;

  it.runIf(external)("answers 404 to a peer on the network, and 200 over loopback (a real socket)", async () => {
    const metrics = await listenForMetrics({ ...t.app, config: { ...t.app.config, HOST: "0.0.0.0" } }, 0);
    try {
      const fromNetwork = await fetch(`http://${external}:${metrics!.port}/metrics`, { headers: { Host: "localhost" } });
      expect(fromNetwork.status).toBe(404);
      expect(await fromNetwork.json()).toMatchObject({ status: "NOT_FOUND" });
      const fromLoopback = await fetch(`http://127.0.0.1:${metrics!.port}/metrics`);
      expect(fromLoopback.status).toBe(200);
    } finally {
      await metrics?.close();
    }
  });
});

describe("the /metrics gate with METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => closeTestApp(t));

  it("answers 401 without a token, 403 with a wrong one, 200 with the right one from anywhere", async () => {
    const none = await t.server.request("http://localhost/metrics");
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ status: "AUTH_ERROR", data: null });
    const wrong = await t.server.request("http://localhost/metrics", { headers: { Authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ status: "NO_PERMISSION", data: null });
    const right = await t.server.request("http://stickers.example.com/metrics", {
      headers: { Authorization: `Bearer ${TOKEN}`, "X-Forwarded-For": "203.0.113.9" },
    });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain("http_requests_total");
  });
});

describe("metrics move with the work", () => {
  let t: TestApp;
  let workers: TaskWorkers;
  beforeAll(async () => {
    t = await createGalleryTestApp(0, { TEXT_GENERATION_COST: "1" });
    workers = await startTaskWorkers(t.app);
  });
  afterAll(async () => {
    await workers?.stop();
    await closeTestApp(t);
  });

  const scrape = async () => (await t.server.request("http://localhost/metrics")).text();

  it("counts requests by route pattern, never by raw path", async () => {
    const before = await scrape();
    const labels = { method: "GET", route: "/files/:key", status: "404" };
    await t.server.request("http://localhost/files/no-such-file-1.png");
    await t.server.request("http://localhost/files/no-such-file-2.png");
    const after = await scrape();
    expect(metricSample(after, "http_requests_total", labels) - metricSample(before, "http_requests_total", labels)).toBe(2);
    expect(metricSample(after, "http_request_duration_seconds_count", labels)).toBeGreaterThanOrEqual(2);
    expect(after).not.toContain("no-such-file");
  });

  it("counts the points debited, the drawing time and the finished task after a sticker is made", async () => {
    const before = await scrape();
    const alice = await userWithPoints(t, "metrics-alice@example.com", 5);
    const submit = await callApi(t, "POST", "/api/aitask/submitGenerateText", {
      body: { prompt: "a fox in a scarf" },
      session: alice,
    });
    expect(submit.http).toBe(200);
    expect(await waitForTask(t, alice, submit.body.data.taskId)).toMatchObject({ status: TASK_STATUS.success });
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      metricSample(after, name, labels) - metricSample(before, name, labels);
    expect(moved("sticker_points_debited_total", { reason: "generate" })).toBe(1);
    expect(moved("sticker_generation_duration_seconds_count", { provider: "offline", type: "text", outcome: "drawn" })).toBe(1);
    expect(moved("sticker_tasks", { state: "success" })).toBe(1);
    expect(metricSample(after, "sticker_queue_jobs", { queue: "generate-sticker", state: "waiting" })).toBe(0);
  });

  it("counts a refund when a task fails", async () => {
    const { failTask } = await import("../tasks/run-task.ts");
    const bob = await userWithPoints(t, "metrics-bob@example.com", 5);
    await workers.stop();
    const submit = await callApi(t, "POST", "/api/aitask/submitGenerateText", {
      body: { prompt: "a owl reading" },
      session: bob,
    });
    const before = await scrape();
    expect(await failTask(t.app, submit.body.data.taskId, "GENERATION_FAILED")).toBe(true);
    const after = await scrape();
    expect(metricSample(after, "sticker_points_refunded_total") - metricSample(before, "sticker_points_refunded_total")).toBe(1);
    expect(
      metricSample(after, "sticker_points_credited_total", { reason: "refund" }) -
        metricSample(before, "sticker_points_credited_total", { reason: "refund" }),
    ).toBe(1);
  });
});
