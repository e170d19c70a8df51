import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import { useUser } from "../auth/use-user.ts";
import { requestShare } from "../invites/share-request.ts";
import { type PricingOptions, PricingPlans } from "./pricing-plans.tsx";
import { onRechargeSuccess, type PointsRequest } from "./recharge-channel.ts";
import { useSubscription } from "./use-subscription.ts";

/**
 * The points/pricing modal (spec §2, width 1241): why it opened (the points a sticker needs), the
 * plans and point packs, and free points by invitation. It closes when a payment finishes elsewhere.
 */
export default function PointsDialog({
  request,
  options,
  onClose,
}: {
  request: PointsRequest;
  options: PricingOptions;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const user = useUser();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { subscription, known, refresh } = useSubscription();
  useEffect(() => onRechargeSuccess(() => dialog.current?.close()), []);
  return (
    <Dialog ref={dialog} labelledBy={titleId} onClose={onClose} width={1241} className="bg-stone-50 p-6 md:p-8">
      <div className="mb-6 flex items-start justify-between gap-4">
        <div>
          <h2 id={titleId} className="font-bold text-2xl">
            {request.needed ? t("create.pointsNeeded.title") : t("pricing.modal.title")}
          </h2>
          {request.needed ? (
            <p className="mt-1 text-stone-700">
              {t("create.pointsNeeded.body", { count: request.needed, balance: user?.point ?? 0 })}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          aria-label={t("pricing.modal.close")}
          className="grid size-10 shrink-0 place-items-center rounded-full text-2xl text-stone-600 hover:bg-stone-200 focus-visible:outline-2 focus-visible:outline-primary"
        >
          ×
        </button>
      </div>
      <PricingPlans subscription={subscription} known={known} refreshSubscription={refresh} options={options} headingLevel={3} />
      <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
        {user && user.subscribePlan === "" ? (
          <button
            type="button"
            onClick={() => {
              dialog.current?.close();
              requestShare();
            }}
            className="inline-flex h-11 items-center justify-center rounded-full px-5 font-medium text-primary-dark ring-1 ring-primary-dark hover:bg-primary-light"
          >
            {t("create.pointsNeeded.invite")}
          </button>
        ) : null}
        <Link
          to={to("/pricing")}
          onClick={() => dialog.current?.close()}
          className="inline-flex h-11 items-center justify-center rounded-full px-5 font-medium text-stone-700 hover:bg-stone-200"
        >
          {t("pricing.modal.fullPage")}
        </Link>
      </div>
    </Dialog>
  );
}
