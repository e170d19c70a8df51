import { lazy } from "react";
import { DialogButton } from "#app/features/auth/dialog-button.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";

const loadDialog = () => import("./pack-motion-dialog.tsx");
const PackMotionDialog = lazy(loadDialog);

/** "Make the pack move" (decision 0041): a new pack of moving copies; a visitor is asked to sign in first. */
export function MakePackMove({ packId, picId, className }: { packId: string; picId: string; className: string }) {
  const { t } = useTranslation();
  return (
    <DialogButton
      load={loadDialog}
      signIn="create"
      className={className}
      dialog={(close) => <PackMotionDialog packId={packId} picId={picId} onClose={close} />}
    >
      {t("motion.pack.button")}
    </DialogButton>
  );
}
