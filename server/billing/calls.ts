import { billingCalls as declared } from "#common/api/billing.ts";
import type { AppContext } from "../context.ts";
import { implementCall } from "../http/define-call.ts";
import { billingPortal } from "./billing-portal.ts";
import { buyPoints } from "./buy-points.ts";
import { currentSubscription } from "./current-subscription.ts";
import { subscribe } from "./subscribe.ts";
import { subscriptionView } from "./subscription-view.ts";
import { trialedTrade } from "./trialed-trade.ts";

/** Plans, point packs, the billing portal and the subscription reads (spec §4, §7). */
export function billingCalls(app: AppContext) {
  const readSubscription = async ({ viewer }: { viewer: { userId: number } }) =>
    subscriptionView(await currentSubscription(app, viewer.userId));

  return [
    implementCall(declared.subscribe, ({ input, viewer, c }) =>
      subscribe(app, viewer.userId, { ...input, language: c.var.language }),
    ),
    implementCall(declared.currentPlan, readSubscription),
    implementCall(declared.subscription, readSubscription),
    implementCall(declared.trial, ({ viewer }) => trialedTrade(app, viewer.userId)),
    implementCall(declared.portal, ({ input, viewer, c }) => billingPortal(app, viewer.userId, input.returnUrl, c.var.language)),
    implementCall(declared.buyPoints, ({ input, viewer, c }) =>
      buyPoints(app, viewer.userId, input.packId, { ...input, language: c.var.language }),
    ),
  ];
}
