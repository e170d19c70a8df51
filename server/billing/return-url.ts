import { AppError } from "#common/errors.ts";
import { isSameSitePath } from "#common/same-site-path.ts";
import type { BillingOptions } from "./billing-options.ts";

/**
 * A return page as an absolute URL on this site (open redirects refused), with the spec's
 * /rechargeSuccess query: status, and on success the checkout id the provider fills in.
 */
export function returnUrl(
  options: Pick<BillingOptions, "publicUrl">,
  page: string | undefined,
  fallback: string,
  status?: "success" | "fail",
): string {
  const origin = new URL(options.publicUrl).origin;
  const wanted = page && page.trim() !== "" ? page.trim() : fallback;
  // An absolute URL on this site is taken as its path; the path must pass sameSitePath (decision
  // 0013), and the URL is built on PUBLIC_URL's origin, never on anything from the request.
  let path = wanted;
  if (URL.canParse(wanted)) {
    const absolute = new URL(wanted);
    path = absolute.origin === origin ? `${absolute.pathname}${absolute.search}${absolute.hash}` : "";
  }
  if (!isSameSitePath(path)) {
    throw new AppError("INVALID_INPUT", "return page on another site", { issues: ["returnUrl: must be on this site"] });
  }
  const url = new URL(path, `${origin}/`);
  if (!status) return url.toString();
  if (!url.searchParams.has("status")) url.searchParams.set("status", status);
  const href = url.toString();
  // Stripe fills in {CHECKOUT_SESSION_ID} only when the braces are not percent-encoded.
  return status === "success" && !url.searchParams.has("id") ? `${href}${url.search ? "&" : "?"}id={CHECKOUT_SESSION_ID}` : href;
}
