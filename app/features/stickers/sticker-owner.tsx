import { lazy } from "react";
import { buttonClass } from "#app/components/ui/button.tsx";
import { DialogButton } from "#app/features/auth/dialog-button.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import type { StickerDetail } from "#common/stickers.ts";
import { EditStickerButton } from "./edit/edit-sticker-button.tsx";
import { Icon } from "./icons.tsx";

/**
 * What a sticker's owner has on its page and nobody else (a page part of its own, decision 0056):
 * "Edit sticker", "Edit emoji and keywords" and Public / Private. The dialogs load with their first
 * opening (docs/ARCHITECTURE.md, "First-load budget").
 */
export { VisibilitySwitch } from "./visibility-switch.tsx";

const loadLabelsDialog = () => import("./labels/sticker-labels-dialog.tsx");
const StickerLabelsDialog = lazy(loadLabelsDialog);

/** The owner's editing buttons under the sticker's details. */
export function OwnerTools({ sticker }: { sticker: StickerDetail }) {
  return (
    <div className="flex flex-wrap gap-2">
      <EditStickerButton sticker={sticker} />
      <EditStickerLabels sticker={sticker} />
    </div>
  );
}

/** The owner's "Edit emoji and keywords". */
function EditStickerLabels({ sticker }: { sticker: StickerDetail }) {
  const { t } = useTranslation();
  return (
    <DialogButton
      load={loadLabelsDialog}
      className={buttonClass({ variant: "pill", size: "md-narrow" })}
      dialog={(close) => <StickerLabelsDialog sticker={sticker} onClose={close} />}
    >
      <Icon>
        <path d="M3 12V4h8l9 9-8 8-9-9Z" />
        <circle cx="7.5" cy="8.5" r="1.5" />
      </Icon>
      {t("stickerLabels.edit")}
    </DialogButton>
  );
}
