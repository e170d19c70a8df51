import { useId, useState } from "react";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { apiCall } from "#app/lib/api/client.ts";
import { toastError, toastSuccess } from "#app/lib/toast.ts";
import type { StickerDetail } from "#common/stickers.ts";
import { LockIcon } from "./icons.tsx";

type Visibility = StickerDetail["visibility"];

const OPTIONS: Visibility[] = ["public", "private"];

/**
 * The owner's Public / Private choice (`POST /api/sticker/setVisibility`): public stickers show in the
 * community lists, private ones open only for their owner. The choice moves at once and goes back
 * with an error toast when the server refuses.
 */
export function VisibilitySwitch({ stickerInstId, initial }: { stickerInstId: string; initial: Visibility }) {
  const { t } = useTranslation();
  const [visibility, setVisibility] = useState<Visibility>(initial);
  const [busy, setBusy] = useState(false);
  const name = useId();
  const hintId = useId();

  function choose(next: Visibility) {
    if (busy || next === visibility) return;
    const before = visibility;
    setVisibility(next);
    setBusy(true);
    apiCall<{ visibility: Visibility }>("POST", "/api/sticker/setVisibility", { body: { stickerInstId, visibility: next } })
      .then((answer) => {
        setVisibility(answer.visibility);
        toastSuccess(t(`stickerActions.visibility.now.${answer.visibility}`));
      })
      .catch((error: unknown) => {
        setVisibility(before);
        toastError(error, t);
      })
      .finally(() => setBusy(false));
  }

  return (
    <fieldset aria-describedby={hintId} aria-busy={busy || undefined} className="space-y-2">
      <legend className="font-medium text-sm text-stone-500">{t("stickerActions.visibility.label")}</legend>
      <div className="inline-flex rounded-full bg-stone-100 p-1 ring-1 ring-stone-200">
        {OPTIONS.map((option) => (
          <label
            key={option}
            className={`inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full px-4 font-medium text-sm has-focus-visible:outline-2 has-focus-visible:outline-primary ${
              visibility === option ? "bg-white text-stone-900 shadow-sm" : "text-stone-600 hover:text-stone-900"
            }`}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={visibility === option}
              onChange={() => choose(option)}
              className="sr-only"
            />
            {option === "private" ? <LockIcon className="size-4" /> : null}
            {t(`stickerActions.visibility.${option}`)}
          </label>
        ))}
      </div>
      <p id={hintId} className="text-sm text-stone-600">
        {t("stickerActions.visibility.hint")}
      </p>
    </fieldset>
  );
}
