import { useSyncExternalStore } from "react";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { downloadMyDataLater, myDataDownload, requestAccountDeletion, sizeText } from "./account-requests.ts";

const ITEM = "h-10 w-full rounded-lg px-3 text-start hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary";

/**
 * The account menu's "Download my data" and "Delete account" (decision 0037). The download keeps the
 * menu open and says in place how it goes (preparing, then the size received; a toast says the same
 * and the end); "Delete account" closes the menu (`onChoose`) and opens its dialog in the site shell.
 */
export function AccountDataItems({ onChoose }: { onChoose: () => void }) {
  const { t, i18n } = useTranslation();
  const download = useSyncExternalStore(myDataDownload.subscribe, myDataDownload.current, myDataDownload.idle);
  const busy = download.phase !== "idle";
  return (
    <>
      <button
        type="button"
        role="menuitem"
        aria-disabled={busy || undefined}
        onClick={() => downloadMyDataLater(t)}
        className={`${ITEM} flex items-center gap-2 aria-disabled:cursor-progress aria-disabled:text-stone-600`}
      >
        {busy ? (
          <span
            aria-hidden="true"
            className="inline-block size-4 shrink-0 animate-spin rounded-full border-2 border-stone-300 border-t-primary-dark"
          />
        ) : null}
        <span aria-live="polite">
          {download.phase === "preparing"
            ? t("myData.download.preparing")
            : download.phase === "receiving"
              ? t("myData.download.progress", { size: sizeText(download.bytes, i18n.language) })
              : t("myData.menu.download")}
        </span>
      </button>
      <button
        type="button"
        role="menuitem"
        onClick={() => {
          onChoose();
          requestAccountDeletion();
        }}
        className={`${ITEM} text-red-700`}
      >
        {t("myData.menu.delete")}
      </button>
    </>
  );
}
