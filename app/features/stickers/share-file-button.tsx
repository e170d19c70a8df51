import { type ReactNode, useState } from "react";
import { useTranslation } from "#app/i18n/i18n.tsx";
import type { ShareableSticker, ShareOutcome } from "./share-sticker-file.ts";

/**
 * "Share": the sticker's file itself to the system share sheet (decision 0046), its code and the file
 * loaded only on the press; the button shows the file's progress, and asks for one more tap when the
 * browser wants a fresh one to open the sheet.
 */
export function ShareFileButton({
  stickers,
  title,
  url,
  className,
  children,
}: {
  stickers: ShareableSticker[];
  title: string;
  /** The page's address, shared with the file and used where files cannot be shared. */
  url: () => string;
  className: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const [again, setAgain] = useState<(() => Promise<ShareOutcome>) | null>(null);
  const busy = progress !== undefined;

  function settle(outcome: ShareOutcome) {
    setProgress(undefined);
    setAgain(outcome.kind === "tapAgain" ? () => outcome.share : null);
  }

  async function press() {
    if (busy) return;
    if (again) {
      settle(await again());
      return;
    }
    setProgress(null);
    const { shareStickerFiles } = await import("./share-sticker-file.ts");
    settle(await shareStickerFiles({ stickers, title, url: url(), t, onProgress: setProgress }));
  }

  return (
    <button type="button" onClick={() => void press()} aria-busy={busy} className={className}>
      {busy ? (
        <>
          <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-stone-300 border-t-primary-dark" />
          <span role="status">
            {progress === null ? t("share.preparing") : t("share.preparingShare", { percent: Math.round((progress ?? 0) * 100) })}
          </span>
        </>
      ) : again ? (
        t("share.tapAgain")
      ) : (
        children
      )}
    </button>
  );
}
