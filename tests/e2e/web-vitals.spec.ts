import type { APIRequestContext, Page } from "@playwright/test";
import { metricSample } from "#tests/support/metric-sample.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Real-user Core Web Vitals (decision 0054): a page measured in Chromium sends its values once, by
 * beacon, when it is hidden or left by a client navigation, and `/metrics` counts them by the page's
 * route pattern and device. Other tests' pages report too, so counts are compared before and after.
 */

interface Report {
  route: string;
  width: number;
  lcp?: number;
  inp?: number;
  cls?: number;
}

/** `/metrics` as this machine reads it (no token: loopback only, decision 0020). */
async function scrape(request: APIRequestContext): Promise<string> {
  // A keep-alive connection the server closed as it was reused resets: asking again is safe (a read).
  const answer = await request.get("/metrics", { maxRetries: 2 });
  expect(answer.status()).toBe(200);
  return answer.text();
}

/** Every report the page sends, as sent. */
function reportsOf(page: Page): Report[] {
  const reports: Report[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/vitals") reports.push(JSON.parse(request.postData() ?? "{}") as Report);
  });
  return reports;
}

/** The page turns hidden, as when its phone's user switches apps: the page stays, its visibility changes. */
function hide(page: Page) {
  return page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

const deviceOf = (page: Page) => ((page.viewportSize()?.width ?? 0) < 768 ? "mobile" : "desktop");

test("a page's LCP and CLS reach /metrics under its route pattern and device once the page is hidden", async ({
  page,
  request,
}) => {
  const labels = { route: "/terms", device: deviceOf(page) };
  const before = await scrape(request);
  const reports = reportsOf(page);
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/vitals");
  await page.goto("/terms");
  await page.waitForLoadState("load");

  // Measuring starts after the page's load: hide it until it has reported.
  await expect
    .poll(async () => {
      await hide(page);
      return reports.length;
    })
    .toBe(1);
  expect((await answered).status()).toBe(200);
  const [report] = reports;
  expect(report).toMatchObject({ route: "english/terms", width: page.viewportSize()?.width });
  expect(report?.lcp).toBeGreaterThan(0);
  expect(report?.cls).toBeGreaterThanOrEqual(0);

  // Once per page view: hiding it again, or leaving it, sends nothing more.
  await hide(page);
  await page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
  expect(reports).toHaveLength(1);

  const after = await scrape(request);
  expect(metricSample(after, "web_vitals_lcp_seconds_count", labels)).toBeGreaterThan(
    metricSample(before, "web_vitals_lcp_seconds_count", labels),
  );
  expect(metricSample(after, "web_vitals_cls_count", labels)).toBeGreaterThan(
    metricSample(before, "web_vitals_cls_count", labels),
  );
  expect(after).not.toContain('route="english/terms"');
});

test("a client navigation reports the page it leaves, and the next page reports its own CLS without an LCP", async ({
  page,
  request,
}) => {
  const labels = { route: "/sticker/:instId/:name?", device: deviceOf(page) };
  const before = await scrape(request);
  const reports = reportsOf(page);
  await page.goto("/");
  await page.waitForLoadState("load");

  await page.locator('a[href^="/sticker/"]').first().click();
  await page.waitForURL(/\/sticker\//);
  await expect.poll(() => reports.length).toBe(1);
  expect(reports[0]).toMatchObject({ route: "english/home" });
  expect(reports[0]?.lcp).toBeGreaterThan(0);

  await hide(page);
  await expect.poll(() => reports.length).toBe(2);
  expect(reports[1]).toMatchObject({ route: "english/sticker" });
  expect(reports[1]?.cls).toBeGreaterThanOrEqual(0);
  expect(reports[1]).not.toHaveProperty("lcp");

  await expect
    .poll(async () => metricSample(await scrape(request), "web_vitals_cls_count", labels))
    .toBeGreaterThan(metricSample(before, "web_vitals_cls_count", labels));
});
