import { useId, useRef, useState } from "react";
import { Dialog, DialogActions } from "#app/components/ui/dialog.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useCall } from "#app/lib/api/use-call.ts";
import { shownName } from "#common/names.ts";
import { PACK_NAME_MAX_LENGTH, type PackDetail } from "#common/packs.ts";
import type { Visibility } from "#common/tasks.ts";
import { packRequests } from "./pack-requests.ts";

/** The name a pack may have: the server's own rule (`shownName`, 1 to 64 characters); the server checks it again. */
export function packNameProblem(name: string): string | null {
  return shownName(name, PACK_NAME_MAX_LENGTH) === null ? "errors.packNameInvalid" : null;
}

/**
 * A pack name being typed: checked when submitted (`check`), and again as it is typed once a problem
 * shows, so the message goes away as soon as the name is right. The new pack forms and the rename share it.
 */
export function usePackName(initial = "") {
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  return {
    name,
    problem,
    change(value: string) {
      setName(value);
      if (problem) setProblem(packNameProblem(value));
    },
    /** True when the name may be sent; otherwise the problem shows. */
    check(): boolean {
      const found = packNameProblem(name);
      setProblem(found);
      return found === null;
    },
    reset(value = initial) {
      setName(value);
      setProblem(null);
    },
  };
}

/** The name field and the Public / Private choice of a new pack (the dialog and the "Add to pack" form). */
export function NewPackFields({
  name,
  onName,
  visibility,
  onVisibility,
  problem,
}: {
  name: string;
  onName: (name: string) => void;
  visibility: Visibility;
  onVisibility: (visibility: Visibility) => void;
  problem: string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <Field label={t("packs.new.name")} error={problem ? t(problem) : null}>
        {(control) => (
          <input
            {...control}
            value={name}
            onChange={(event) => onName(event.target.value)}
            maxLength={PACK_NAME_MAX_LENGTH}
            required
            autoComplete="off"
            placeholder={t("packs.new.namePlaceholder")}
            className="h-11 w-full rounded-xl border border-stone-300 px-3 focus-visible:outline-2 focus-visible:outline-primary"
          />
        )}
      </Field>
      <fieldset>
        <legend className="mb-1 font-medium text-sm">{t("packs.visibility.label")}</legend>
        <div className="flex flex-wrap gap-4">
          {(["private", "public"] as const).map((option) => (
            <label key={option} className="inline-flex items-center gap-2">
              <input
                type="radio"
                checked={visibility === option}
                onChange={() => onVisibility(option)}
                className="size-4 accent-primary-dark"
              />
              {t(`packs.visibility.${option}`)}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/** "New pack": a name and a visibility; the created pack goes to `onCreated` (the page opens it). */
export function NewPackDialog({
  onClose,
  onCreated,
  stickerInstIds,
}: {
  onClose: () => void;
  onCreated: (pack: PackDetail) => void;
  stickerInstIds?: string[];
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const packName = usePackName();
  const [visibility, setVisibility] = useState<Visibility>("private");
  const create = useCall(
    () => packRequests.create({ name: packName.name.trim(), visibility, ...(stickerInstIds ? { stickerInstIds } : {}) }),
    {
      onSuccess: (pack) => {
        dialog.current?.close();
        onCreated(pack);
      },
    },
  );

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!packName.check() || create.busy) return;
    void create.run();
  }

  return (
    <Dialog ref={dialog} labelledBy={titleId} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className="mb-4 font-semibold text-xl">
          {t("packs.new.title")}
        </h2>
        <NewPackFields
          name={packName.name}
          onName={packName.change}
          visibility={visibility}
          onVisibility={setVisibility}
          problem={packName.problem}
        />
        <DialogActions dialog={dialog} confirmLabel={t("packs.new.create")} busy={create.busy} />
      </form>
    </Dialog>
  );
}
