import { AppError } from "#common/errors.ts";
import { DEFAULT_LANGUAGE, type Language } from "#common/languages.ts";
import { packById } from "#common/plans.ts";
import type { BillingContext } from "./billing-context.ts";
import { knownCustomerId } from "./billing-reads.ts";
import { returnUrl } from "./return-url.ts";
import { startCheckout } from "./start-checkout.ts";
import { lockedUser } from "./user-lock.ts";

/**
 * POST /api/recharge: a point pack for a free user (POINTS_FOR_FREE_USERS for members) — a checkout
 * URL. The user's plan is read under the row lock (after any plan change in progress); the checkout is
 * made after it is released. The points arrive with the paid checkout's event.
 */
export async function buyPoints(
  app: BillingContext,
  userId: number,
  packId: string,
  pages: { successPage?: string | undefined; errorPage?: string | undefined; language?: Language | undefined } = {},
): Promise<string> {
  const pack = packById(packId);
  if (!pack) throw new AppError("INVALID_INPUT", `unknown pack ${packId}`, { issues: ["packId: unknown pack"] });
  const { options, provider } = app.billing;
  const successUrl = returnUrl(options, pages.successPage, "/rechargeSuccess", "success");
  const cancelUrl = returnUrl(options, pages.errorPage, "/rechargeSuccess", "fail");
  const buyer = await app.database.db.transaction(async (tx) => {
    const user = await lockedUser(tx, userId);
    if (user.subscribePlan !== "") throw new AppError("POINTS_FOR_FREE_USERS");
    return { email: user.email, customerId: await knownCustomerId(tx, provider, userId) };
  });
  return startCheckout(app, {
    userId,
    ...buyer,
    newCustomer: false,
    item: { kind: "pack", pack },
    successUrl,
    cancelUrl,
    language: pages.language ?? DEFAULT_LANGUAGE,
  });
}
