import { useEffect } from "react";
import { Link } from "react-router";
import { pageContext } from "../context.server.ts";
import { broadcast, CHANNELS } from "../features/auth/channels.ts";
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
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context.get(pageContext);
  const query = new URL(request.url).searchParams;
  const id = query.get("id") ?? "";
  const asked = query.get("status") === "success" ? "success" : "fail";
  const checkout = asked === "success" && id ? await checkoutOfRequest(app, request, id) : null;
  // The return URL alone proves nothing: success is what the provider says about the buyer's own
  // checkout. Not confirmed yet (still processing, or no session to check it with) is "pending".
  const status =
    asked === "fail" || checkout?.status === "expired" ? "fail" : !id || checkout?.status === "complete" ? "success" : "pending";
  return { status, id, kind: checkout?.kind ?? null, points: checkout?.points ?? 0 } as const;
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

export default function RechargeSuccess({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const { status, id, kind, points } = loaderData;
  const stillPending = useRechargeRecheck(status === "pending");
  const shown = status === "pending" && stillPending ? "stillPending" : status;
  useEffect(() => {
    if (status === "success") broadcast(CHANNELS.rechargeSuccess, { recharge_id: id });
  }, [status, id]);
  const success = status === "success";
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      <div
        aria-hidden="true"
        className={`mx-auto mb-6 grid size-16 place-items-center rounded-full text-3xl ${success ? "bg-green-100 text-green-800" : "bg-amber-100 text-amber-900"}`}
      >
        {success ? "✓" : status === "pending" ? "…" : "!"}
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
        <Link
          to={to("/")}
          className="inline-flex h-11 items-center justify-center rounded-full bg-primary-dark px-6 font-medium text-white hover:bg-primary-darker"
        >
          {t("recharge.create")}
        </Link>
        <Link
          to={to("/pricing")}
          className="inline-flex h-11 items-center justify-center rounded-full px-6 font-medium text-primary-dark ring-1 ring-primary-dark hover:bg-primary-light"
        >
          {t(success ? "recharge.seePlan" : "recharge.tryAgain")}
        </Link>
      </div>
    </main>
  );
}
