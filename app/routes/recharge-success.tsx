import { useEffect, useState } from "react";
import { Link } from "react-router";
import { buttonClass } from "../components/ui/button.tsx";
import { pageContext } from "../context.server.ts";
import { broadcast, CHANNELS } from "../features/auth/channels.ts";
import { PLAN_CHANGE_MARK, takePlanChange } from "../features/pricing/plan-change-mark.ts";
import { checkoutOfRequest } from "../features/pricing/pricing.server.ts";
import { useRechargeRecheck } from "../features/pricing/recharge-recheck.ts";
import { pageMeta } from "../features/seo/page-meta.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { useLocalized } from "../i18n/use-localized.ts";
import type { Route } from "./+types/recharge-success";

/**
 * /rechargeSuccess?status=success|fail&id=… (spec §2): where the checkout returns. A paid checkout
 * is applied here at once (re-read from the provider), then the other tabs hear recharge_success.
 * A payment still being confirmed is asked about again with back-off for two minutes (decision 0017).
 * `status=success` alone proves nothing (decision 0011): without a checkout of this buyer, only a plan
 * change this browser made (`change`, plan-change-mark.ts) is thanked for; anything else is "notFound".
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context.get(pageContext);
  const query = new URL(request.url).searchParams;
  const id = query.get("id") ?? "";
  const change = query.get("change") ?? "";
  const nothing = { id, change: "", kind: null, points: 0 } as const;
  if (query.get("status") !== "success") return { ...nothing, status: "fail" } as const;
  if (!id) {
    // Decided in the browser, which alone knows whether it made this change.
    if (PLAN_CHANGE_MARK.test(change)) return { ...nothing, change, kind: "plan", status: "change" } as const;
    return { ...nothing, status: "notFound" } as const;
  }
  const checkout = await checkoutOfRequest(app, request, id);
  // Success is what the provider says about the buyer's own checkout. A checkout that is not theirs,
  // or does not exist (or no session to ask with), is not found; not paid yet, or the provider not
  // answering, is pending and asked about again.
  const status =
    checkout === null || checkout.status === "unknown"
      ? "notFound"
      : checkout.status === "complete"
        ? "success"
        : checkout.status === "expired"
          ? "fail"
          : "pending";
  return { ...nothing, status, kind: checkout?.kind ?? null, points: checkout?.points ?? 0 } as const;
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    location,
    title: "recharge.meta.title",
    description: "recharge.meta.title",
    translate: true,
    noindex: true,
  });
}

/** What the page shows: the loader's answer, with a plan change settled in the browser. */
function useSettledStatus(status: "success" | "fail" | "pending" | "notFound" | "change", change: string, id: string) {
  const [changed, setChanged] = useState<"new" | "seen" | null | undefined>(undefined);
  useEffect(() => {
    if (status === "change") setChanged(takePlanChange(change));
  }, [status, change]);
  // Only a confirmed checkout, or the change this browser made (once), tells the other tabs.
  const announce = status === "success" || changed === "new";
  useEffect(() => {
    if (announce) broadcast(CHANNELS.rechargeSuccess, { recharge_id: id || null });
  }, [announce, id]);
  if (status !== "change") return status;
  // Until the browser has looked (the server's render, the first frame), the page is still checking.
  return changed === undefined ? "pending" : changed ? "success" : "notFound";
}

export default function RechargeSuccess({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const { status, id, change, kind, points } = loaderData;
  const settled = useSettledStatus(status, change, id);
  const stillPending = useRechargeRecheck(status === "pending");
  const shown = settled === "pending" && stillPending ? "stillPending" : settled;
  const success = shown === "success";
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      <div
        aria-hidden="true"
        className={`mx-auto mb-6 grid size-16 place-items-center rounded-full text-3xl ${success ? "bg-green-100 text-green-800" : "bg-amber-100 text-amber-900"}`}
      >
        {success ? "✓" : shown === "pending" ? "…" : "!"}
      </div>
      <h1 className="font-bold text-3xl">{t(`recharge.${shown}.title`)}</h1>
      <p className="mt-3 text-lg text-stone-700">
        {success
          ? kind === "points"
            ? t("recharge.success.points", { count: points })
            : t("recharge.success.plan")
          : t(`recharge.${shown}.body`)}
      </p>
      {shown === "pending" ? (
        <p role="status" className="mt-3 text-stone-600">
          {t("recharge.pending.checking")}
        </p>
      ) : null}
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={to("/")} className={buttonClass({ size: "lg" })}>
          {t("recharge.create")}
        </Link>
        <Link to={to("/pricing")} className={buttonClass({ variant: "outline", size: "lg" })}>
          {t(success ? "recharge.seePlan" : shown === "notFound" ? "recharge.notFound.action" : "recharge.tryAgain")}
        </Link>
      </div>
    </main>
  );
}
