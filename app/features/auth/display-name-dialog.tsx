import { useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Dialog, DialogActions } from "#app/components/ui/dialog.tsx";
import { isolate, useTranslation } from "#app/i18n/i18n.tsx";
import { ApiError, apiCall } from "#app/lib/api/client.ts";
import { toastError, toastSuccess } from "#app/lib/toast.ts";
import { DISPLAY_NAME_MAX_LENGTH, shownName } from "#common/names.ts";
import { broadcast, CHANNELS } from "./channels.ts";

/**
 * "Change display name" from the account menu (decision 0036): the name others read on the user's pack
 * pages and exports, checked as the server checks it (`shownName`). Saved, it reloads the user in this
 * tab and the others, so the menu and any open pack page show it. Loaded with the first opening.
 */
export default function DisplayNameDialog({ current, onClose }: { current: string; onClose: () => void }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const introId = useId();
  const fieldId = useId();
  const problemId = useId();
  const [name, setName] = useState(current);
  const [problem, setProblem] = useState(false);
  const [busy, setBusy] = useState(false);

  const invalid = (value: string) => shownName(value, DISPLAY_NAME_MAX_LENGTH) === null;

  function save(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (invalid(name)) {
      setProblem(true);
      return;
    }
    setBusy(true);
    apiCall<{ nick: string }>("POST", "/api/user/name", { body: { name } })
      .then(async (info) => {
        broadcast(CHANNELS.userChanged);
        await revalidator.revalidate();
        toastSuccess(t("displayName.saved", { name: isolate(info.nick) }));
        dialog.current?.close();
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === "DISPLAY_NAME_INVALID") setProblem(true);
        else toastError(error, t);
      })
      .finally(() => setBusy(false));
  }

  return (
    <Dialog ref={dialog} labelledBy={titleId} onClose={onClose}>
      <form onSubmit={save} noValidate>
        <h2 id={titleId} className="mb-2 font-semibold text-xl">
          {t("displayName.title")}
        </h2>
        <p id={introId} className="mb-4 text-stone-600 text-sm">
          {t("displayName.intro")}
        </p>
        <label htmlFor={fieldId} className="mb-1 block font-medium text-sm">
          {t("displayName.label")}
        </label>
        <input
          id={fieldId}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            if (problem) setProblem(invalid(event.target.value));
          }}
          required
          autoComplete="nickname"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${introId} ${problemId}` : introId}
          className="h-11 w-full rounded-xl border border-stone-300 px-3 focus-visible:outline-2 focus-visible:outline-primary"
        />
        {problem ? (
          <p id={problemId} className="mt-1 text-red-700 text-sm">
            {t("errors.displayNameInvalid", { limit: DISPLAY_NAME_MAX_LENGTH })}
          </p>
        ) : null}
        <DialogActions dialog={dialog} confirmLabel={t("displayName.save")} busy={busy} />
      </form>
    </Dialog>
  );
}
