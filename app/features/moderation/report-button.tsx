import { lazy } from "react";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { DialogButton } from "../auth/dialog-button.tsx";
import { Icon } from "../stickers/icons.tsx";
import type { ReportTarget } from "./report-target.ts";

// The dialog loads with the first opening (docs/ARCHITECTURE.md, "First-load budget").
const loadDialog = () => import("./report-dialog.tsx");
const ReportDialog = lazy(loadDialog);

/**
 * "Report" on a sticker or a pack someone else made (decisions 0031, 0035): a visitor is asked to sign
 * in first; a signed-in viewer gets the reason list.
 */
export function ReportButton({ target, className }: { target: ReportTarget; className: string }) {
  const { t } = useTranslation();
  return (
    <DialogButton
      load={loadDialog}
      signIn="report"
      className={className}
      dialog={(close) => <ReportDialog target={target} onClose={close} />}
    >
      <Icon>
        <path d="M5 21V4m0 0h11l-2 4 2 4H5" />
      </Icon>
      {t("report.button")}
    </DialogButton>
  );
}
