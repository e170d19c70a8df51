import { lazy } from "react";
import { DialogButton } from "#app/features/auth/dialog-button.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import type { MotionSource } from "./motion-dialog.tsx";

const loadDialog = () => import("./motion-dialog.tsx");
const MotionDialog = lazy(loadDialog);

/** "Make it move" (decision 0041): opens the motion picker; a visitor is asked to sign in first. */
export function MakeItMove({ source, className }: { source: MotionSource; className: string }) {
  const { t } = useTranslation();
  return (
    <DialogButton
      load={loadDialog}
      signIn="create"
      className={className}
      dialog={(close) => <MotionDialog source={source} onClose={close} />}
    >
      <MotionIcon />
      {t("motion.makeItMove")}
    </DialogButton>
  );
}

function MotionIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M4 12c2-4 4-4 6 0s4 4 6 0 3-3 4-1" />
      <path d="M5 6l1.5 1.5M5 18l1.5-1.5" />
    </svg>
  );
}
