import { z } from "zod";
import { VITALS_LIMITS, vitalsDevice, vitalsRouteLabel } from "#common/web-vitals.ts";
import { webVitalsCls, webVitalsInp, webVitalsLcp } from "../metrics/metrics.ts";

const upTo = (max: number) => z.number().finite().min(0).max(max).optional();

/**
 * One page view's Core Web Vitals as its page sends them (decision 0054): the route id of the page
 * (`english/sticker`), the viewport's width in CSS pixels, and the values it measured (LCP and INP in
 * milliseconds; a view without an interaction has no INP, one after a client navigation no LCP).
 */
export const vitalsReport = z
  .object({
    route: z.string().max(100),
    width: z.number().int().min(0).max(100_000),
    lcp: upTo(VITALS_LIMITS.lcp),
    inp: upTo(VITALS_LIMITS.inp),
    cls: upTo(VITALS_LIMITS.cls),
  })
  .refine((report) => report.lcp !== undefined || report.inp !== undefined || report.cls !== undefined, {
    message: "names none of lcp, inp, cls",
  });
export type VitalsReport = z.output<typeof vitalsReport>;

/** Counts one page view's values in this process's histograms, by route pattern and device. */
export function recordVitals(report: VitalsReport) {
  const labels = { route: vitalsRouteLabel(report.route), device: vitalsDevice(report.width) };
  if (report.lcp !== undefined) webVitalsLcp.observe(labels, report.lcp / 1000);
  if (report.inp !== undefined) webVitalsInp.observe(labels, report.inp / 1000);
  if (report.cls !== undefined) webVitalsCls.observe(labels, report.cls);
}
