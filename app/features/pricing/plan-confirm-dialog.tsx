import { useId, useRef } from "react";
import { Dialog, DialogActions } from "#app/components/ui/dialog.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { planById, type SubscriptionView } from "#common/plans.ts";
import { formatDay } from "./format-price.ts";
import type { PlanConfirm } from "./use-plan-choice.ts";

/**
 * The confirmations of spec §4: ending the free trial to pay for a plan now, switching between
 * annual and monthly billing, and going back to free (with what that means, as a list of tips).
 */
export default function PlanConfirmDialog({
  confirm,
  subscription,
  busy,
  onConfirm,
  onClose,
}: {
  confirm: PlanConfirm;
  subscription: SubscriptionView | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const endsOn = subscription?.currentPeriodEnd ? formatDay(subscription.currentPeriodEnd, i18n.language) : "";
  const target = confirm.kind === "free" ? null : planById(confirm.planId);
  const planName = target ? t(`pricing.plan.${target.key}.name`) : "";

  const content =
    confirm.kind === "endTrial"
      ? {
          title: t("pricing.confirm.endTrial.title"),
          body: [t("pricing.confirm.endTrial.body", { plan: planName })],
          action: t("pricing.confirm.endTrial.action"),
        }
      : confirm.kind === "switch"
        ? {
            title: t(target?.interval === "year" ? "pricing.confirm.toAnnual.title" : "pricing.confirm.toMonthly.title"),
            body: [t("pricing.confirm.switchBody", { plan: planName })],
            action: t("pricing.confirm.switchAction"),
          }
        : {
            title: t("pricing.confirm.toFree.title"),
            body: [
              t("pricing.confirm.toFree.tipUntil", { date: endsOn }),
              t("pricing.confirm.toFree.tipPoints"),
              t("pricing.confirm.toFree.tipKeep"),
              t("pricing.confirm.toFree.tipResume"),
            ],
            action: t("pricing.confirm.toFree.action"),
          };

  return (
    <Dialog ref={dialog} labelledBy={titleId} onClose={onClose} width={448}>
      <h2 id={titleId} className="font-semibold text-xl">
        {content.title}
      </h2>
      {content.body.length > 1 ? (
        <ul className="mt-3 list-disc space-y-1 ps-5 text-stone-700">
          {content.body.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-stone-700">{content.body[0]}</p>
      )}
      <DialogActions
        dialog={dialog}
        confirmLabel={busy ? t("pricing.button.loading") : content.action}
        cancelLabel={confirm.kind === "free" ? t("pricing.button.resume") : undefined}
        busy={busy}
        onConfirm={onConfirm}
      />
    </Dialog>
  );
}
