import { VITALS_PATH } from "#common/web-vitals.ts";

/**
 * Real-user Core Web Vitals (decision 0054), measured with the browser's own PerformanceObserver (the
 * `web-vitals` package would weigh more than the first load can spare). A page view's values go to
 * `POST /vitals` in one beacon, once, when the page is hidden or the next client navigation starts:
 * - LCP: the last `largest-contentful-paint` candidate, for the tab's first, hard view only (and only
 *   when the page was not hidden when measuring started);
 * - CLS: the largest session window of `layout-shift`s without recent input (a window ends after a
 *   1 s gap or at 5 s);
 * - INP: the longest interaction among `event` entries with an `interactionId` (those of 40 ms and
 *   more are reported); a view without an interaction has none.
 */

type Entry = PerformanceEntry & { value?: number; hadRecentInput?: boolean; interactionId?: number };

let route = "";
let path = "";
let values: { lcp?: number; inp?: number; cls: number } = { cls: 0 };
let sent = false;
/** The tab's first view, the only one whose load is the page's own: it alone has an LCP. */
let hard = true;
let windowSum = 0;
let windowStart = 0;
let windowLast = 0;
const observers: [PerformanceObserver, (entry: Entry) => void][] = [];

function observe(type: string, each: (entry: Entry) => void, options = {}) {
  try {
    const observer = new PerformanceObserver((list) => list.getEntries().forEach(each));
    observer.observe({ type, buffered: true, ...options });
    observers.push([observer, each]);
  } catch {
    // A browser without this entry type measures the others.
  }
}

function send() {
  // Entries the observers have not been handed yet belong to this view.
  for (const [observer, each] of observers) observer.takeRecords().forEach(each);
  if (sent || !route || observers.length === 0) return;
  sent = true;
  navigator.sendBeacon?.(VITALS_PATH, JSON.stringify({ route, width: innerWidth, ...values }));
}

function nextView() {
  send();
  hard = false;
  sent = false;
  values = { cls: 0 };
  windowSum = 0;
}

/** A route view starts (the root calls it on every path): the previous view's values are sent. */
export function vitalsView(routeId: string, pathname: string) {
  if (pathname === path) return;
  if (path) nextView();
  route = routeId;
  path = pathname;
}

/** Starts measuring, once, after the page's load (the buffered entries hold what came before). */
export function startVitals() {
  if (observers.length > 0 || typeof PerformanceObserver === "undefined") return;
  if (document.visibilityState === "hidden") hard = false;
  observe("largest-contentful-paint", (entry) => {
    if (hard) values.lcp = entry.startTime;
  });
  observe("layout-shift", (entry) => {
    if (entry.hadRecentInput) return;
    if (windowSum === 0 || entry.startTime - windowLast > 1000 || entry.startTime - windowStart > 5000) {
      windowSum = 0;
      windowStart = entry.startTime;
    }
    windowSum += entry.value ?? 0;
    windowLast = entry.startTime;
    values.cls = Math.max(values.cls, windowSum);
  });
  observe(
    "event",
    (entry) => {
      if (entry.interactionId) values.inp = Math.max(values.inp ?? 0, entry.duration);
    },
    { durationThreshold: 40 },
  );
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") send();
  });
  addEventListener("pagehide", send);
  // A page back from the back/forward cache is a new view of the same route, without an LCP.
  addEventListener("pageshow", (event) => {
    if (event.persisted) nextView();
  });
}
