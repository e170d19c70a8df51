/**
 * Real-user Core Web Vitals (decision 0054): what a page sends when it is hidden, and the labels
 * `/metrics` counts them by. Both sides read it; the page takes only the path.
 */

/** Where a page's beacon goes: outside the signed API, since `navigator.sendBeacon` cannot sign (decision 0003). */
export const VITALS_PATH = "/vitals";

/** The most a value may be (LCP and INP in milliseconds; CLS has no unit): anything larger is refused. */
export const VITALS_LIMITS = { lcp: 60_000, inp: 60_000, cls: 10 } as const;

/** A viewport narrower than this is a phone's: the layout's breakpoint (app/styles.css). */
export const VITALS_MOBILE_MAX_WIDTH = 767;

/**
 * Each page's path pattern, by the name its route id carries after the scope (`english/sticker`,
 * `language/sticker`): the `route` label, the same for every language. Kept equal to `app/routes.ts`
 * by `common/web-vitals.test.ts`. A route id not named here (a page of an older release, a made-up
 * body) is counted as `other`, so the label set stays as small as this table.
 */
export const VITALS_ROUTES: Record<string, string> = {
  home: "/",
  stickers: "/stickers/:type?/:page?",
  sticker: "/sticker/:instId/:name?",
  search: "/search",
  tag: "/tag/:tag/:page?",
  pack: "/pack/:packId/:slug?",
  packs: "/packs/:tab?/:page?",
  pricing: "/pricing",
  rechargeSuccess: "/rechargeSuccess",
  sandboxCheckout: "/billing/sandbox/checkout/:checkoutId",
  sandboxPortal: "/billing/sandbox/portal/:portalId",
  terms: "/terms",
  privacy: "/privacy",
  notAvailable: "/notAvailable",
  error: "/error/:type",
  admin: "/admin/:section?",
  notFound: "/*",
};

/** The `route` label of a page's route id: its path pattern, or `other`. */
export function vitalsRouteLabel(routeId: string): string {
  const name = /^(?:english|language)\/(\w+)$/.exec(routeId)?.[1];
  return (name !== undefined && Object.hasOwn(VITALS_ROUTES, name) && VITALS_ROUTES[name]) || "other";
}

/** The `device` label of a viewport width in CSS pixels. */
export function vitalsDevice(width: number): "mobile" | "desktop" {
  return width <= VITALS_MOBILE_MAX_WIDTH ? "mobile" : "desktop";
}
