/**
 * This process's Prometheus metrics (decision 0020). One registry per process; every label set is
 * bounded (route patterns, never raw paths; states and reasons named in code). Counters are per
 * process (Prometheus sums them); the database gauges read the shared database at scrape time, so
 * every process reports the same value (aggregate them with max, not sum).
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpRequests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});

export const httpRequestDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time to the response's headers, by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const generationDuration = new Histogram({
  name: "sticker_generation_duration_seconds",
  help: "Time one attempt spent drawing a sticker, by provider, task type and outcome.",
  labelNames: ["provider", "type", "outcome"] as const,
  buckets: [0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300],
  registers: [registry],
});

export const pointsDebited = new Counter({
  name: "sticker_points_debited_total",
  help: "Points taken from balances through the ledger, by reason.",
  labelNames: ["reason"] as const,
  registers: [registry],
});

export const pointsRefunded = new Counter({
  name: "sticker_points_refunded_total",
  help: "Points given back for failed tasks through the ledger.",
  registers: [registry],
});

export const pointsCredited = new Counter({
  name: "sticker_points_credited_total",
  help: "Points added to balances through the ledger (refunds included), by reason.",
  labelNames: ["reason"] as const,
  registers: [registry],
});

export const tasksByState = new Gauge({
  name: "sticker_tasks",
  help: "Sticker tasks in the database, by state (the same in every process: aggregate with max).",
  labelNames: ["state"] as const,
  registers: [registry],
});

export const queueDepth = new Gauge({
  name: "sticker_queue_jobs",
  help: "Jobs on the sticker queues, by queue and pg-boss state (waiting: created or retry; active).",
  labelNames: ["queue", "state"] as const,
  registers: [registry],
});

/**
 * Real users' Core Web Vitals, as their pages report them when hidden (decision 0054), by the page's
 * route pattern (`other` for a route id the app does not have) and device (`mobile` below the layout's
 * breakpoint). Buckets put a boundary on each "good" and "poor" threshold (LCP 2.5 / 4 s, INP 200 /
 * 500 ms, CLS 0.1 / 0.25), so the share of good views is one bucket over the count.
 */
export const webVitalsLcp = new Histogram({
  name: "web_vitals_lcp_seconds",
  help: "Largest Contentful Paint of real page views (the first, hard load of a tab), by route pattern and device.",
  labelNames: ["route", "device"] as const,
  buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10, 20],
  registers: [registry],
});

export const webVitalsInp = new Histogram({
  name: "web_vitals_inp_seconds",
  help: "Interaction to Next Paint of real page views with an interaction (the longest one), by route pattern and device.",
  labelNames: ["route", "device"] as const,
  buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 5],
  registers: [registry],
});

export const webVitalsCls = new Histogram({
  name: "web_vitals_cls",
  help: "Cumulative Layout Shift of real page views (largest session window), by route pattern and device.",
  labelNames: ["route", "device"] as const,
  buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
  registers: [registry],
});

/** Called by `changePoints` after a ledger row is written. */
export function countPointsChange(delta: number, reason: string) {
  if (delta < 0) {
    pointsDebited.inc({ reason }, -delta);
    return;
  }
  pointsCredited.inc({ reason }, delta);
  if (reason === "refund") pointsRefunded.inc(delta);
}
