import { data, Form, redirect, useNavigation } from "react-router";
import { isAppError } from "#common/errors.ts";
import { planById } from "#common/plans.ts";
import { pageContext } from "../context.server.ts";
import { formatPrice } from "../features/pricing/format-price.ts";
import { ownSandboxView } from "../features/pricing/sandbox.server.ts";
import { TestModeBanner } from "../features/pricing/test-mode-banner.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { Route } from "./+types/sandbox-checkout";

/**
 * The payments sandbox's checkout (local mode only, decision 0011): what Stripe Checkout would show,
 * clearly marked test mode, with the three outcomes a test card can have. Only the buyer sees it.
 */
function buyersCheckout({ request, context, params }: Route.LoaderArgs | Route.ActionArgs) {
  return ownSandboxView(context.get(pageContext), request, (sandbox) => sandbox.checkout(params.checkoutId));
}

export async function loader(args: Route.LoaderArgs) {
  const { view } = await buyersCheckout(args);
  return {
    id: view.id,
    open: view.status === "open",
    dueTodayCents: view.dueTodayCents,
    item:
      view.item.kind === "plan"
        ? { kind: "plan" as const, planKey: planById(view.item.planId)?.key ?? "basic", trialDays: view.item.trialDays }
        : { kind: "pack" as const, points: view.item.pack.points },
  };
}

export async function action(args: Route.ActionArgs) {
  const { sandbox, view } = await buyersCheckout(args);
  const outcome = String((await args.request.formData()).get("outcome"));
  try {
    const done =
      outcome === "pay"
        ? await sandbox.pay(view.id)
        : outcome === "decline"
          ? await sandbox.decline(view.id)
          : await sandbox.cancel(view.id);
    return redirect(done.redirectUrl);
  } catch (error) {
    if (isAppError(error, "CHECKOUT_CLOSED")) return data({ closed: true }, { status: 409 });
    throw error;
  }
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    location,
    title: "sandbox.checkout.title",
    description: "sandbox.banner",
    translate: true,
    noindex: true,
  });
}

export default function SandboxCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { item, dueTodayCents, open } = loaderData;
  const busy = navigation.state !== "idle";
  const what =
    item.kind === "plan"
      ? item.trialDays > 0
        ? t("sandbox.checkout.planWithTrial", { plan: t(`pricing.plan.${item.planKey}.name`), days: item.trialDays })
        : t("sandbox.checkout.plan", { plan: t(`pricing.plan.${item.planKey}.name`) })
      : t("sandbox.checkout.pack", { count: item.points });
  const buttonClass =
    "inline-flex h-11 w-full items-center justify-center rounded-full px-5 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60";
  return (
    <main id="main" className="mx-auto max-w-lg space-y-6 px-4 py-10">
      <TestModeBanner />
      <h1 className="font-bold text-3xl">{t("sandbox.checkout.title")}</h1>
      <dl className="space-y-3 rounded-2xl bg-white p-5 ring-1 ring-stone-200">
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">{t("sandbox.checkout.item")}</dt>
          <dd className="text-end font-medium">{what}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">{t("sandbox.checkout.dueToday")}</dt>
          <dd className="font-semibold">{formatPrice(dueTodayCents / 100, i18n.language)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">{t("sandbox.checkout.card")}</dt>
          <dd className="font-mono">4242 4242 4242 4242</dd>
        </div>
      </dl>
      {open && !actionData?.closed ? (
        <Form method="post" className="space-y-3">
          <button
            type="submit"
            name="outcome"
            value="pay"
            disabled={busy}
            className={`${buttonClass} bg-primary-dark text-white hover:bg-primary-darker`}
          >
            {item.kind === "plan" && item.trialDays > 0 ? t("sandbox.checkout.startTrial") : t("sandbox.checkout.pay")}
          </button>
          <button
            type="submit"
            name="outcome"
            value="decline"
            disabled={busy}
            className={`${buttonClass} text-red-800 ring-1 ring-red-300 hover:bg-red-50`}
          >
            {t("sandbox.checkout.decline")}
          </button>
          <button
            type="submit"
            name="outcome"
            value="cancel"
            disabled={busy}
            className={`${buttonClass} text-stone-700 hover:bg-stone-100`}
          >
            {t("sandbox.checkout.cancel")}
          </button>
        </Form>
      ) : (
        <p role="status" className="rounded-2xl bg-stone-100 p-4 text-stone-700">
          {t("errors.checkoutClosed")}
        </p>
      )}
    </main>
  );
}
