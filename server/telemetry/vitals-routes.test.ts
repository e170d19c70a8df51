/**
 * `POST /vitals` (decision 0054): a page's Core Web Vitals land in `/metrics` as histograms by route
 * pattern and device; an unknown route id is counted as `other`; bad values, bodies and senders get
 * the envelope; one client address is rate-limited.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VITALS_PATH } from "#common/web-vitals.ts";
import { metricSample } from "#tests/support/metric-sample.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";

const beacon = (t: TestApp, body: unknown, headers: Record<string, string> = {}) =>
  t.server.request(`http://localhost${VITALS_PATH}`, {
    method: "POST",
    // What navigator.sendBeacon sends for a string body, from one of our pages.
    headers: { "Content-Type": "text/plain;charset=UTF-8", "Sec-Fetch-Site": "same-origin", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("POST /vitals", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => closeTestApp(t));

  const scrape = async () => (await t.server.request("http://localhost/metrics")).text();

  it("counts a sticker page's LCP, INP and CLS under its route pattern and device in /metrics", async () => {
    const before = await scrape();
    const phone = { route: "/sticker/:instId/:name?", device: "mobile" };
    const answer = await beacon(t, { route: "language/sticker", width: 390, lcp: 2300, inp: 180, cls: 0.12 });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ status: 200, data: { recorded: true } });
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      metricSample(after, name, labels) - metricSample(before, name, labels);
    expect(moved("web_vitals_lcp_seconds_count", phone)).toBe(1);
    expect(moved("web_vitals_lcp_seconds_sum", phone)).toBeCloseTo(2.3);
    // 2.3 s is under the "good" LCP threshold of 2.5 s, over 2 s.
    expect(moved("web_vitals_lcp_seconds_bucket", { ...phone, le: "2.5" })).toBe(1);
    expect(moved("web_vitals_lcp_seconds_bucket", { ...phone, le: "2" })).toBe(0);
    expect(moved("web_vitals_inp_seconds_bucket", { ...phone, le: "0.2" })).toBe(1);
    expect(moved("web_vitals_inp_seconds_bucket", { ...phone, le: "0.1" })).toBe(0);
    expect(moved("web_vitals_cls_bucket", { ...phone, le: "0.15" })).toBe(1);
    expect(moved("web_vitals_cls_bucket", { ...phone, le: "0.1" })).toBe(0);
    expect(moved("web_vitals_cls_count", phone)).toBe(1);
    expect(after).toContain("# TYPE web_vitals_lcp_seconds histogram");
  });

  it("counts the English and the other languages' page under one pattern, a wide viewport as desktop", async () => {
    const before = await scrape();
    const desktop = { route: "/", device: "desktop" };
    expect((await beacon(t, { route: "english/home", width: 1280, cls: 0 })).status).toBe(200);
    expect((await beacon(t, { route: "language/home", width: 768, cls: 0.3 })).status).toBe(200);
    const after = await scrape();
    expect(metricSample(after, "web_vitals_cls_count", desktop) - metricSample(before, "web_vitals_cls_count", desktop)).toBe(2);
    // A view without an LCP (after a client navigation) or an interaction adds no sample for them.
    expect(
      metricSample(after, "web_vitals_lcp_seconds_count", desktop) -
        metricSample(before, "web_vitals_lcp_seconds_count", desktop),
    ).toBe(0);
    expect(
      metricSample(after, "web_vitals_inp_seconds_count", desktop) -
        metricSample(before, "web_vitals_inp_seconds_count", desktop),
    ).toBe(0);
  });

  it("counts a route id the app does not have as other, never under the name it was sent", async () => {
    const before = await scrape();
    for (const route of ["language/no-such-page", "/sticker/123/cat", "english/__proto__", "x".repeat(100)]) {
      expect((await beacon(t, { route, width: 390, lcp: 1000 })).status, route).toBe(200);
    }
    const after = await scrape();
    const other = { route: "other", device: "mobile" };
    expect(
      metricSample(after, "web_vitals_lcp_seconds_count", other) - metricSample(before, "web_vitals_lcp_seconds_count", other),
    ).toBe(4);
    expect(after).not.toContain("no-such-page");
    expect(after).not.toContain("/sticker/123/cat");
  });

  it("refuses values out of range, missing or of the wrong kind with INVALID_INPUT and the fields at fault", async () => {
    const before = await scrape();
    const bad: [unknown, string][] = [
      [{ route: "english/home", width: 390, lcp: -1 }, "lcp"],
      [{ route: "english/home", width: 390, lcp: 60_001 }, "lcp"],
      [{ route: "english/home", width: 390, inp: 60_001 }, "inp"],
      [{ route: "english/home", width: 390, cls: 10.5 }, "cls"],
      [{ route: "english/home", width: 390, cls: "0.1" }, "cls"],
      [{ route: "english/home", width: 390, lcp: null }, "lcp"],
      [{ route: "english/home", width: 390 }, "(input)"],
      [{ route: "english/home", width: 390.5, cls: 0 }, "width"],
      [{ route: "english/home", cls: 0 }, "width"],
      [{ width: 390, cls: 0 }, "route"],
      [{ route: "x".repeat(101), width: 390, cls: 0 }, "route"],
      [[1, 2], "(input)"],
    ];
    for (const [body, field] of bad) {
      const answer = await beacon(t, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const envelope = await answer.json();
      expect(envelope).toMatchObject({ status: "INVALID_INPUT", data: null, msgKey: "errors.invalidInput" });
      expect(typeof envelope.msg).toBe("string");
      expect(envelope.issues.join(" "), JSON.stringify(body)).toContain(`${field}:`);
    }
    // JSON cannot carry Infinity or NaN: as text they are not JSON at all.
    const notJson = await beacon(t, '{"route":"english/home","width":390,"lcp":Infinity}');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ status: "MALFORMED_JSON", data: null });
    const after = await scrape();
    expect(metricSample(after, "web_vitals_lcp_seconds_count", { route: "/" })).toBe(
      metricSample(before, "web_vitals_lcp_seconds_count", { route: "/" }),
    );
    expect(metricSample(after, "web_vitals_cls_count", { route: "/", device: "mobile" })).toBe(
      metricSample(before, "web_vitals_cls_count", { route: "/", device: "mobile" }),
    );
  });

  it("refuses a body over 1 KB with PAYLOAD_TOO_LARGE and a report sent from another site with NO_PERMISSION", async () => {
    const large = await beacon(t, { route: "english/home", width: 390, cls: 0, padding: "x".repeat(2000) });
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ status: "PAYLOAD_TOO_LARGE", data: null });
    for (const site of ["cross-site", "same-site", "none"]) {
      const forged = await beacon(t, { route: "english/home", width: 390, cls: 0 }, { "Sec-Fetch-Site": site });
      expect(forged.status, site).toBe(403);
      expect(await forged.json()).toMatchObject({ status: "NO_PERMISSION", data: null, msgKey: "errors.noPermission" });
    }
  });

  it("answers in the envelope with the service answer's headers: no page policy, never cached", async () => {
    const answer = await beacon(t, { route: "english/pricing", width: 390, cls: 0.01 });
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
  });
});

describe("POST /vitals rate limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => closeTestApp(t));

  it("takes VITALS_RATE_LIMIT_PER_MINUTE (60 by default) reports a minute from one client address, then answers RATE_LIMITED (429)", async () => {
    expect(t.app.config.VITALS_RATE_LIMIT_PER_MINUTE).toBe(60);
    for (let i = 0; i < t.app.config.VITALS_RATE_LIMIT_PER_MINUTE; i++) {
      expect((await beacon(t, { route: "english/terms", width: 390, cls: 0 })).status).toBe(200);
    }
    const limited = await beacon(t, { route: "english/terms", width: 390, cls: 0 });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ status: "RATE_LIMITED", data: null, msgKey: "errors.rateLimited" });
  });
});
