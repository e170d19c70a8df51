import { ApiError } from "#app/lib/api/client.ts";
import { toastError, toastWarning } from "#app/lib/toast.ts";
import { requestBillingPortal, sendPaymentWindow } from "./pricing-requests.ts";

/**
 * Manage subscription (spec §7 billingportal, footer and pricing page): the provider's billing portal
 * in the new window the click opened (`window.open("", "_blank")`, before this module loads), coming
 * back to the pricing page. Someone who never subscribed is told so.
 */
export async function openBillingPortal(popup: Window | null, t: (key: string) => string, returnPath: string) {
  try {
    await sendPaymentWindow(popup, () => requestBillingPortal(returnPath), {
      resultPage: () => returnPath,
      waitingText: t("pricing.openingPortal"),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === "NO_SUBSCRIPTION") toastWarning(t("pricing.noSubscription"));
    else toastError(error, t);
  }
}
