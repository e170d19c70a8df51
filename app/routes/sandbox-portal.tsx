import { Form, redirect, useNavigation } from "react-router";
import { ANNUAL_PLAN_ID, isPaidPlanId, MONTHLY_PLAN_ID, planById } from "#common/plans.ts";
import { buttonClass as appButtonClass } from "../components/ui/button.tsx";
import { pageContext } from "../context.server.ts";
import { formatDay } from "../features/pricing/format-price.ts";
import { ownSandboxView } from "../features/pricing/sandbox.server.ts";
import { TestModeBanner } from "../features/pricing/test-mode-banner.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { Route } from "./+types/sandbox-portal";

/**
 * The payments sandbox's billing portal (local mode only, decision 0011): the customer's plan with
 * the two things Stripe's portal is configured to allow here, switching plan and cancelling.
 */
function customersPortal({ request, context, params }: Route.LoaderArgs | Route.ActionArgs) {
  return ownSandboxView(context.get(pageContext), request, (sandbox) => sandbox.portal(params.portalId));
}

export async function loader(args: Route.LoaderArgs) {
  const { view } = await customersPortal(args);
  return {
    returnUrl: view.returnUrl,
    subscriptions: view.subscriptions.map((subscription) => ({
      id: subscription.id,
      planId: subscription.planId,
      status: subscription.status,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { sandbox, view } = await customersPortal(args);
  const form = await args.request.formData();
  const subscriptionId = String(form.get("subscriptionId"));
  const planId = Number(form.get("planId"));
  const done =
    form.get("intent") === "switch" && isPaidPlanId(planId)
      ? await sandbox.portalSwitch(view.id, subscriptionId, planId)
      : await sandbox.portalCancel(view.id, subscriptionId);
  return redirect(done.redirectUrl);
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    location,
    title: "sandbox.portal.title",
    description: "sandbox.banner",
    translate: true,
    noindex: true,
  });
}

export default function SandboxPortal({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const { subscriptions, returnUrl } = loaderData;
  const buttonClass =
    "inline-flex h-10 items-center justify-center rounded-full px-4 font-medium ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60";
  return (
    <main id="main" className="mx-auto max-w-lg space-y-6 px-4 py-10">
      <TestModeBanner />
      <h1 className="font-bold text-3xl">{t("sandbox.portal.title")}</h1>
      {subscriptions.length === 0 ? <p className="text-stone-700">{t("sandbox.portal.none")}</p> : null}
      <ul className="space-y-4">
        {subscriptions.map((subscription) => {
          const plan = planById(subscription.planId);
          const other = subscription.planId === ANNUAL_PLAN_ID ? MONTHLY_PLAN_ID : ANNUAL_PLAN_ID;
          const otherPlan = planById(other);
          const date = formatDay(subscription.currentPeriodEnd, i18n.language);
          return (
            <li key={subscription.id} className="space-y-3 rounded-2xl bg-white p-5 ring-1 ring-stone-200">
              <p className="font-semibold text-lg">{plan ? t(`pricing.plan.${plan.key}.name`) : subscription.planId}</p>
              <p className="text-stone-700">
                {t(`sandbox.portal.status.${subscription.status}`, { date })}
                {subscription.cancelAtPeriodEnd ? ` ${t("sandbox.portal.endsOn", { date })}` : ""}
              </p>
              <Form method="post" className="flex flex-wrap gap-3">
                <input type="hidden" name="subscriptionId" value={subscription.id} />
                <input type="hidden" name="planId" value={other} />
                <button
                  type="submit"
                  name="intent"
                  value="switch"
                  disabled={busy}
                  className={`${buttonClass} text-primary-dark ring-primary-dark hover:bg-primary-light`}
                >
                  {t("sandbox.portal.switchTo", { plan: otherPlan ? t(`pricing.plan.${otherPlan.key}.name`) : "" })}
                </button>
                {subscription.cancelAtPeriodEnd ? null : (
                  <button
                    type="submit"
                    name="intent"
                    value="cancel"
                    disabled={busy}
                    className={`${buttonClass} text-red-800 ring-red-300 hover:bg-red-50`}
                  >
                    {t("sandbox.portal.cancel")}
                  </button>
                )}
              </Form>
            </li>
          );
        })}
      </ul>
      <a href={returnUrl} className={appButtonClass({ size: "lg" })}>
        {t("sandbox.portal.back")}
      </a>
    </main>
  );
}
