import type { SubscriptionView } from "#common/plans.ts";
import { confirmCheckout } from "#server/billing/confirm-checkout.ts";
import { currentSubscription } from "#server/billing/current-subscription.ts";
import { subscriptionView } from "#server/billing/subscription-view.ts";
import type { AppContext } from "#server/context.ts";
import { userOfRequest } from "../auth/session.server.ts";
import type { PricingOptions } from "./pricing-plans.tsx";

/** The numbers the plan cards quote, from the server's settings. */
export function pricingOptions(app: AppContext): PricingOptions {
  return {
    trialDays: app.billing.options.trialDays,
    dailyLimit: app.config.MEMBER_DAILY_LIMIT,
    startingPoints: app.config.STARTING_POINTS,
    costs: { text: app.config.TEXT_GENERATION_COST, image: app.config.IMAGE_GENERATION_COST, motion: app.config.MOTION_COST },
    // The same setting payInviteRewards counts against (server/invites/pay-invite-rewards.ts).
    inviteRewardsPerDay: app.config.INVITE_REWARDS_PER_DAY,
  };
}

/** The signed-in user's subscription for the pricing page (null for a visitor). */
export async function subscriptionOfRequest(app: AppContext, request: Request): Promise<SubscriptionView | null> {
  const user = await userOfRequest(app, request, { touch: false });
  if (!user) return null;
  return subscriptionView(await currentSubscription(app, user.id));
}

/** /rechargeSuccess: the buyer's checkout applied now (not only when the webhook comes). */
export async function checkoutOfRequest(app: AppContext, request: Request, checkoutId: string) {
  const user = await userOfRequest(app, request, { touch: false });
  if (!user) return null;
  return confirmCheckout(app, user.id, checkoutId);
}
