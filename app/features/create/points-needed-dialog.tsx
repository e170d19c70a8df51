import { useId, useRef } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/i18n.tsx";
import { useLocalized } from "../../i18n/use-localized.ts";
import { requestShare } from "../invites/share-request.ts";
import { ModalDialog } from "../layout/modal-dialog.tsx";

/** NOT_ENOUGH_POINTS turned into choices: invite friends for free credit, or see the plans. */
export default function PointsNeededDialog({ cost, balance, onClose }: { cost: number; balance: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  return (
    <ModalDialog ref={dialog} labelledBy={titleId} onClose={onClose} width={448}>
      <h2 id={titleId} className="font-semibold text-xl">
        {t("create.pointsNeeded.title")}
      </h2>
      <p className="mt-2 text-stone-700">{t("create.pointsNeeded.body", { count: cost, balance })}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
        <Link
          to={to("/pricing")}
          onClick={() => dialog.current?.close()}
          className="inline-flex h-11 flex-1 items-center justify-center rounded-full bg-primary-dark px-5 font-medium text-white hover:bg-primary-darker"
        >
          {t("create.pointsNeeded.plans")}
        </Link>
        <button
          type="button"
          onClick={() => {
            dialog.current?.close();
            requestShare();
          }}
          className="inline-flex h-11 flex-1 items-center justify-center rounded-full px-5 font-medium ring-1 ring-stone-300 hover:bg-stone-100"
        >
          {t("create.pointsNeeded.invite")}
        </button>
      </div>
      <button
        type="button"
        onClick={() => dialog.current?.close()}
        className="mt-3 h-10 w-full rounded-full text-stone-600 hover:bg-stone-100"
      >
        {t("create.pointsNeeded.later")}
      </button>
    </ModalDialog>
  );
}
