import { useId, useRef, useState } from "react";
import { Dialog, DialogActions } from "#app/components/ui/dialog.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { isolate, useTranslation } from "#app/i18n/i18n.tsx";
import { ApiError, api } from "#app/lib/api/api.ts";
import { useCall } from "#app/lib/api/use-call.ts";
import { toastSuccess } from "#app/lib/toast.ts";
import { DISPLAY_NAME_MAX_LENGTH, shownName } from "#common/names.ts";
import { broadcast, CHANNELS } from "./channels.ts";

/**
 * "Change display name" from the account menu (decision 0036): the name others read on the user's pack
 * pages and exports, checked as the server checks it (`shownName`). Saved, it reloads the user in this
 * tab and the others, so the menu and any open pack page show it. Loaded with the first opening.
 */
export default function DisplayNameDialog({ current, onClose }: { current: string; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const introId = useId();
  const [name, setName] = useState(current);
  const [problem, setProblem] = useState(false);
  const save = useCall(
    async (name: string) => {
      const info = await api.account.setName({ name });
      // The other tabs reload the user; this one reloads its data before saying so.
      broadcast(CHANNELS.userChanged);
      return info;
    },
    {
      revalidate: "before",
      onSuccess: (info) => {
        toastSuccess(t("displayName.saved", { name: isolate(info.nick) }));
        dialog.current?.close();
      },
      onError: (error) => {
        if (!(error instanceof ApiError && error.status === "DISPLAY_NAME_INVALID")) return false;
        setProblem(true);
        return true;
      },
    },
  );

  const invalid = (value: string) => shownName(value, DISPLAY_NAME_MAX_LENGTH) === null;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (save.busy) return;
    if (invalid(name)) {
      setProblem(true);
      return;
    }
    void save.run(name);
  }

  return (
    <Dialog ref={dialog} labelledBy={titleId} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className="mb-2 font-semibold text-xl">
          {t("displayName.title")}
        </h2>
        <p id={introId} className="mb-4 text-stone-600 text-sm">
          {t("displayName.intro")}
        </p>
        <Field
          label={t("displayName.label")}
          describedBy={introId}
          error={problem ? t("errors.displayNameInvalid", { limit: DISPLAY_NAME_MAX_LENGTH }) : null}
        >
          {(control) => (
            <input
              {...control}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                if (problem) setProblem(invalid(event.target.value));
              }}
              required
              autoComplete="nickname"
              className="h-11 w-full rounded-xl border border-stone-300 px-3 focus-visible:outline-2 focus-visible:outline-primary"
            />
          )}
        </Field>
        <DialogActions dialog={dialog} confirmLabel={t("displayName.save")} busy={save.busy} />
      </form>
    </Dialog>
  );
}
