import { useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Dialog, DialogActions } from "#app/components/ui/dialog.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import { useCall } from "#app/lib/api/use-call.ts";
import { toastSuccess } from "#app/lib/toast.ts";
import { PACK_NAME_MAX_LENGTH, type PackDetail } from "#common/packs.ts";
import type { Visibility } from "#common/tasks.ts";
import { LockIcon } from "../stickers/icons.tsx";
import { usePackName } from "./new-pack-dialog.tsx";
import { packRequests } from "./pack-requests.ts";

/**
 * What a pack's owner has on its page and nobody else (a page part of its own, decision 0056): the
 * rename, Public / Private and Delete, and the stickers' editor.
 */
export { PackStickersEditor } from "./pack-stickers-editor.tsx";

const pillButton = buttonClass({ variant: "pill", size: "md-narrow" });

/** The owner's pack name: a heading with "Rename", which turns into a field checked as typed (1–64 characters). */
export function PackName({ pack, onPack }: { pack: PackDetail; onPack: (pack: PackDetail) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const packName = usePackName(pack.name);
  const { name, problem } = packName;
  const fieldId = useId();
  const problemId = useId();
  const renameButton = useRef<HTMLButtonElement>(null);

  function stop() {
    setEditing(false);
    packName.reset(pack.name);
    requestAnimationFrame(() => renameButton.current?.focus());
  }

  const rename = useCall((name: string) => packRequests.update({ packId: pack.packId, name }), {
    onSuccess: (answer) => {
      onPack(answer);
      stop();
    },
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!packName.check() || rename.busy) return;
    if (name.trim() === pack.name) return stop();
    void rename.run(name.trim());
  }

  if (!editing) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 break-words font-bold text-3xl">
          <bdi>{pack.name}</bdi>
        </h1>
        <button
          ref={renameButton}
          type="button"
          onClick={() => {
            packName.reset(pack.name);
            setEditing(true);
          }}
          className="h-9 rounded-full px-3 font-medium text-primary-dark text-sm underline hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary"
        >
          {t("packs.rename.button")}
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-1">
      <label htmlFor={fieldId} className="block font-medium text-sm text-stone-600">
        {t("packs.rename.label")}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={fieldId}
          // biome-ignore lint/a11y/noAutofocus: the field replaces the Rename button that was just pressed
          autoFocus
          value={name}
          maxLength={PACK_NAME_MAX_LENGTH}
          onChange={(event) => packName.change(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.preventDefault();
              stop();
            }
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          className="h-11 min-w-0 flex-1 rounded-xl border border-stone-300 px-3 font-semibold text-xl focus-visible:outline-2 focus-visible:outline-primary"
        />
        <Button type="submit" busy={rename.busy}>
          {t("packs.rename.save")}
        </Button>
        <Button variant="quiet" size="md-narrow" onClick={stop}>
          {t("common.cancel")}
        </Button>
      </div>
      {problem ? (
        <p id={problemId} className="text-red-700 text-sm">
          {t(problem)}
        </p>
      ) : null}
    </form>
  );
}

/** Public / Private and Delete, for the owner. */
export function OwnerControls({ pack, onPack }: { pack: PackDetail; onPack: (pack: PackDetail) => void }) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const setVisibility = useCall(
    (next: Visibility, _before: PackDetail) => packRequests.update({ packId: pack.packId, visibility: next }),
    {
      onSuccess: (answer) => {
        onPack(answer);
        toastSuccess(t(`packs.visibility.now.${answer.visibility}`));
      },
      onError: (_error, _next, before) => {
        onPack(before);
        return false;
      },
    },
  );
  const remove = useCall(() => packRequests.remove(pack.packId), {
    onSuccess: () => {
      dialog.current?.close();
      toastSuccess(t("packs.delete.done"));
      void navigate(to("/packs/mine"));
    },
  });
  // One call at a time: the switch and Delete wait for each other.
  const busy = setVisibility.busy || remove.busy;

  function choose(next: Visibility) {
    if (busy || next === pack.visibility) return;
    onPack({ ...pack, visibility: next });
    void setVisibility.run(next, pack);
  }

  return (
    <div className="flex flex-wrap items-end gap-4">
      <Switch
        legend={t("packs.visibility.label")}
        legendClassName="mb-1 font-medium text-sm text-stone-500"
        options={[
          { value: "public", label: t("packs.visibility.public") },
          { value: "private", label: t("packs.visibility.private"), icon: <LockIcon className="size-4" /> },
        ]}
        value={pack.visibility}
        onChange={choose}
        busy={busy}
      />
      <button type="button" onClick={() => setConfirming(true)} className={`${pillButton} text-red-700`}>
        {t("packs.delete.button")}
      </button>
      {confirming ? (
        <Dialog ref={dialog} labelledBy={titleId} onClose={() => setConfirming(false)}>
          <h2 id={titleId} className="mb-2 font-semibold text-xl">
            {t("packs.delete.title")}
          </h2>
          <p className="text-stone-700">{t("packs.delete.body", { name: pack.name })}</p>
          <DialogActions
            dialog={dialog}
            confirmLabel={t("packs.delete.confirm")}
            busy={busy}
            onConfirm={() => void remove.run()}
          />
        </Dialog>
      ) : null}
    </div>
  );
}
