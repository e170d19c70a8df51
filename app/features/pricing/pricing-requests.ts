import { api } from "#app/lib/api/api.ts";
import { markPlanChange } from "./plan-change-mark.ts";

/** The calls of the pricing page (spec §7): answers are "success", "fail", or a URL to open. */
export function requestPlan(plan: number, pages: { successPage: string; errorPage: string }) {
  return api.billing.subscribe({ plan, ...pages });
}

export function requestPointPack(packId: string, pages: { successPage: string; errorPage: string }) {
  return api.billing.buyPoints({ packId, ...pages });
}

export function requestBillingPortal(returnUrl: string) {
  return api.billing.portal({ returnUrl });
}

export function fetchSubscription() {
  return api.billing.subscription({}, { dedupe: true });
}

/** The result page of an answer without a checkout: "fail", or "success" with the plan-change mark. */
export type ResultPage = (status: "success" | "fail", change?: string) => string;

/**
 * Opens the payment step in a new window (spec §4): the window opens at once, inside the click,
 * so no popup blocker stops it; it goes to the answer's URL when the server has answered. Only an
 * https URL or a page of this site is followed. Without a window (blocked, or resuming after
 * sign-in) this tab goes instead. A plan changed without a checkout ("success") is marked in this
 * browser first, so its result page may say so (plan-change-mark.ts).
 */
export function openPaymentWindow(
  ask: () => Promise<string>,
  options: { newWindow: boolean; resultPage: ResultPage; waitingText: string },
): Promise<void> {
  const popup = options.newWindow ? window.open("", "_blank") : null;
  return sendPaymentWindow(popup, ask, options);
}

/** The second half of openPaymentWindow, for a window the click already opened (`window.open("", "_blank")`). */
export async function sendPaymentWindow(
  popup: Window | null,
  ask: () => Promise<string>,
  options: { resultPage: ResultPage; waitingText: string },
): Promise<void> {
  if (popup) {
    popup.opener = null;
    popup.document.title = options.waitingText;
    popup.document.body.textContent = options.waitingText;
  }
  try {
    const answer = await ask();
    const target =
      answer === "success"
        ? options.resultPage("success", markPlanChange())
        : answer === "fail"
          ? options.resultPage("fail")
          : answer;
    const url = new URL(target, window.location.href);
    if (url.protocol !== "https:" && url.origin !== window.location.origin)
      throw new Error(`unexpected payment URL ${url.origin}`);
    if (popup) popup.location.href = url.href;
    else window.location.assign(url.href);
  } catch (error) {
    popup?.close();
    throw error;
  }
}
