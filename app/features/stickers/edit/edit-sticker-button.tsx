/** The owner's "Edit sticker" on its page (decision 0047); the editor loads with the first opening. */
import { lazy } from "react";
import { useSearchParams } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";
import { DialogButton } from "#app/features/auth/dialog-button.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import type { StickerDetail } from "#common/stickers.ts";
import { Icon } from "../icons.tsx";

const loadDialog = () => import("./sticker-editor-dialog.tsx");
const StickerEditorDialog = lazy(loadDialog);

/** `?edit` on the sticker's address (the create result's "Edit sticker") opens the editor at once. */
export const EDIT_QUERY = "edit";

export function EditStickerButton({ sticker }: { sticker: StickerDetail }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const openAtStart = search.has(EDIT_QUERY);
  return (
    <DialogButton
      load={loadDialog}
      initiallyOpen={openAtStart}
      className={buttonClass({ variant: "pill", size: "md-narrow" })}
      dialog={(close) => (
        <StickerEditorDialog
          sticker={sticker}
          onClose={() => {
            close();
            // Closed, the address no longer asks for the editor (a reload would open it again).
            if (openAtStart) {
              setSearch(
                (now) => {
                  now.delete(EDIT_QUERY);
                  return now;
                },
                { replace: true, preventScrollReset: true },
              );
            }
          }}
        />
      )}
    >
      <Icon>
        <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
        <path d="m13.5 6.5 4 4" />
      </Icon>
      {t("stickerEdit.open")}
    </DialogButton>
  );
}
