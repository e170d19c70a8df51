import { ApiError } from "../../lib/api/client.ts";
import { toastError, toastWarning } from "../../lib/toast.ts";
import { openPaymentWindow, requestBillingPortal } from "./pricing-requests.ts";

/**
 * Manage subscription (spec §7 billingportal, footer and pricing page): the provider's billing portal
 * in a new window, coming back to the pricing page. Someone who never subscribed is told so.
 */
export async function openBillingPortal(t: (key: string) => string, returnPath: string) {
  try {
    await openPaymentWindow(() => requestBillingPortal(returnPath), {
      newWindow: true,
      resultPage: () => returnPath,
      waitingText: t("pricing.openingPortal"),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === "NO_SUBSCRIPTION") toastWarning(t("pricing.noSubscription"));
    else toastError(error, t);
  }
}
