import { useId, useState } from "react";
import { Switch } from "#app/components/ui/switch.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { api } from "#app/lib/api/api.ts";
import { useCall } from "#app/lib/api/use-call.ts";
import { toastSuccess } from "#app/lib/toast.ts";
import type { StickerDetail } from "#common/stickers.ts";
import { LockIcon } from "./icons.tsx";

type Visibility = StickerDetail["visibility"];

/**
 * The owner's Public / Private choice (`POST /api/sticker/setVisibility`): public stickers show in the
 * community lists, private ones open only for their owner. The choice moves at once and goes back
 * with an error toast when the server refuses.
 */
export function VisibilitySwitch({ stickerInstId, initial }: { stickerInstId: string; initial: Visibility }) {
  const { t } = useTranslation();
  const [visibility, setVisibility] = useState<Visibility>(initial);
  const hintId = useId();
  const save = useCall(
    (next: Visibility, _before: Visibility) => api.sticker.setVisibility({ stickerInstId, visibility: next }),
    {
      onSuccess: (answer) => {
        setVisibility(answer.visibility);
        toastSuccess(t(`stickerActions.visibility.now.${answer.visibility}`));
      },
      onError: (_error, _next, before) => {
        setVisibility(before);
        return false;
      },
    },
  );

  function choose(next: Visibility) {
    if (save.busy || next === visibility) return;
    setVisibility(next);
    void save.run(next, visibility);
  }

  return (
    <Switch
      legend={t("stickerActions.visibility.label")}
      options={[
        { value: "public", label: t("stickerActions.visibility.public") },
        { value: "private", label: t("stickerActions.visibility.private"), icon: <LockIcon className="size-4" /> },
      ]}
      value={visibility}
      onChange={choose}
      busy={save.busy}
      describedBy={hintId}
      className="space-y-2"
    >
      <p id={hintId} className="text-sm text-stone-600">
        {t("stickerActions.visibility.hint")}
      </p>
    </Switch>
  );
}
