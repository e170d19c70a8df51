import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Button, Spinner } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import { toastError } from "#app/lib/toast.ts";
import type { Visibility } from "#common/tasks.ts";
import { NewPackFields, usePackName } from "./new-pack-dialog.tsx";
import { packPath } from "./pack-path.ts";
import { packRequests } from "./pack-requests.ts";

interface PackChoice {
  packId: string;
  name: string;
  contains: boolean;
  stickerCount: number;
}

/**
 * The viewer's packs with a check on those that hold this sticker: pressing one adds it or takes it
 * out; "New pack…" makes a pack with this sticker in it.
 */
export default function AddToPackDialog({ stickerInstId, onClose }: { stickerInstId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [packs, setPacks] = useState<PackChoice[] | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const packName = usePackName();
  const [visibility, setVisibility] = useState<Visibility>("private");
  const [status, setStatus] = useState("");

  useEffect(() => {
    packRequests
      .forSticker(stickerInstId)
      .then((answer) => {
        setPacks(answer.list);
        if (answer.list.length === 0) setCreating(true);
      })
      .catch((error: unknown) => {
        setPacks([]);
        toastError(error, t);
      });
  }, [stickerInstId, t]);

  /** Shows the new check at once; the answer's pack settles it, and a refusal puts the old one back. */
  function toggle(choice: PackChoice) {
    if (busyId) return;
    setBusyId(choice.packId);
    const set = (contains: boolean, stickerCount: number) =>
      setPacks((list) => (list ?? []).map((one) => (one.packId === choice.packId ? { ...one, contains, stickerCount } : one)));
    set(!choice.contains, choice.stickerCount);
    const call = choice.contains
      ? packRequests.removeSticker(choice.packId, stickerInstId)
      : packRequests.addStickers(choice.packId, [stickerInstId]);
    call
      .then((pack) => {
        const contains = pack.stickers.some((sticker) => sticker.stickerInstId === stickerInstId);
        set(contains, pack.stickerCount);
        setStatus(t(contains ? "packs.add.added" : "packs.add.removed", { name: pack.name }));
      })
      .catch((error: unknown) => {
        set(choice.contains, choice.stickerCount);
        toastError(error, t);
      })
      .finally(() => setBusyId(null));
  }

  function create(event: React.FormEvent) {
    event.preventDefault();
    if (!packName.check() || busyId) return;
    setBusyId("new");
    packRequests
      .create({ name: packName.name.trim(), visibility, stickerInstIds: [stickerInstId] })
      .then((pack) => {
        setPacks((list) => [
          { packId: pack.packId, name: pack.name, contains: true, stickerCount: pack.stickerCount },
          ...(list ?? []),
        ]);
        setCreating(false);
        packName.reset();
        setStatus(t("packs.add.created", { name: pack.name }));
      })
      .catch((error: unknown) => toastError(error, t))
      .finally(() => setBusyId(null));
  }

  return (
    <Dialog ref={dialog} labelledBy={titleId} onClose={onClose}>
      <h2 id={titleId} className="mb-4 font-semibold text-xl">
        {t("packs.add.title")}
      </h2>
      {packs === null ? (
        <p className="flex items-center gap-2 text-stone-600" aria-busy="true">
          <Spinner className="size-5 border-stone-300 border-t-primary-dark" />
          {t("packs.loading")}
        </p>
      ) : (
        <ul className="max-h-72 space-y-1 overflow-y-auto" aria-label={t("packs.add.list")}>
          {packs.map((choice) => (
            <li key={choice.packId} className="flex items-center gap-2">
              <label className="flex min-h-11 min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-xl px-3 hover:bg-stone-100 has-focus-visible:outline-2 has-focus-visible:outline-primary has-disabled:opacity-60">
                <input
                  type="checkbox"
                  checked={choice.contains}
                  aria-busy={busyId === choice.packId || undefined}
                  onChange={() => toggle(choice)}
                  className="size-5 shrink-0 accent-primary-dark"
                />
                <span className="min-w-0 flex-1 truncate" dir="auto">
                  {choice.name}
                </span>
                <span className="shrink-0 text-sm text-stone-500">{t("packs.count", { count: choice.stickerCount })}</span>
              </label>
              <Link
                to={to(packPath(choice))}
                aria-label={t("packs.add.open", { name: choice.name })}
                className="grid size-10 shrink-0 place-items-center rounded-full text-stone-600 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary rtl:-scale-x-100"
              >
                →
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="mt-2 min-h-5 text-sm text-green-800">
        {status}
      </p>
      {creating ? (
        <form onSubmit={create} noValidate className="mt-3 rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200">
          <NewPackFields
            name={packName.name}
            onName={packName.change}
            visibility={visibility}
            onVisibility={setVisibility}
            problem={packName.problem}
          />
          <div className="mt-3 flex justify-end">
            <Button type="submit" busy={busyId === "new"}>
              {t("packs.new.createWith")}
            </Button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          onClick={() => setCreating(true)}
          className="mt-3 h-10 rounded-full px-4 font-medium text-primary-dark hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary"
        >
          {t("packs.new.ellipsis")}
        </button>
      )}
      <div className="mt-4 flex justify-end">
        <Button variant="quiet" onClick={() => dialog.current?.close()}>
          {t("packs.close")}
        </Button>
      </div>
    </Dialog>
  );
}
