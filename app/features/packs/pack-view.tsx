import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Dialog, DialogActions } from "#app/components/ui/dialog.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import { useCall } from "#app/lib/api/use-call.ts";
import { toastSuccess } from "#app/lib/toast.ts";
import { PACK_NAME_MAX_LENGTH, type PackDetail } from "#common/packs.ts";
import type { Visibility } from "#common/tasks.ts";
import { ReportButton } from "../moderation/report-button.tsx";
import { MakePackMove } from "../motion/make-pack-move.tsx";
import { LockIcon, ShareIcon } from "../stickers/icons.tsx";
import { ShareFileButton } from "../stickers/share-file-button.tsx";
import { PackExportPanel } from "./export/pack-export-panel.tsx";
import { usePackName } from "./new-pack-dialog.tsx";
import { packPath } from "./pack-path.ts";
import { packRequests } from "./pack-requests.ts";
import { PackStickersEditor, StickerPicture } from "./pack-stickers-editor.tsx";

/** A pack shares at most this many of its stickers' files at once: a share sheet takes a handful, not a pack's 30. */
const PACK_SHARE_MAX_FILES = 6;

/** While stickers of a pack made in one go are still being drawn, the owner's page asks again this often. */
const PENDING_POLL_MS = 2000;

const pillButton = buttonClass({ variant: "pill", size: "md-narrow" });

/**
 * A pack's page body: name, owner and count, the stickers in order with their emoji, and the export
 * panel. Its owner edits it in place (rename, public/private, delete, cover, emoji, remove, reorder);
 * every change answers the whole pack, which replaces what the page shows. `altTexts` are the
 * pictures' alt texts by sticker (decision 0042), read by the page's loader.
 */
export function PackView({ initial, altTexts }: { initial: PackDetail; altTexts: Record<string, string> }) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const [pack, setPack] = useState(initial);
  useEffect(() => setPack(initial), [initial]);
  const pending = pack.mine ? pack.pendingTaskIds.length : 0;

  useEffect(() => {
    if (pending === 0) return;
    const timer = setInterval(() => {
      packRequests
        .get(pack.packId)
        .then(setPack)
        .catch(() => undefined);
    }, PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [pending, pack.packId]);

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <header className="mb-8 flex flex-col gap-5 sm:flex-row sm:items-start">
        {pack.cover ? (
          <img
            src={pack.cover.thumbUrl}
            alt=""
            width={256}
            height={256}
            fetchPriority="high"
            className="size-28 shrink-0 rounded-2xl bg-[#F0EFEB] p-2 sm:size-36"
          />
        ) : null}
        <div className="min-w-0 flex-1 space-y-3">
          {pack.mine ? (
            <PackName pack={pack} onPack={setPack} />
          ) : (
            <h1 className="break-words font-bold text-3xl">
              <bdi>{pack.name}</bdi>
            </h1>
          )}
          <p className="text-stone-600">
            <bdi>{t("packs.by", { name: pack.owner.name })}</bdi> · <bdi>{t("packs.count", { count: pack.stickerCount })}</bdi>
            {pack.visibility === "private" ? (
              <span className="ms-2 inline-flex items-center gap-1 rounded-full bg-stone-900/80 px-2 py-0.5 align-middle font-medium text-white text-xs">
                <LockIcon className="size-3" />
                {t("packs.private")}
              </span>
            ) : null}
          </p>
          {pack.credit ? (
            <p className="text-sm text-stone-600" data-testid="pack-credit">
              {t("firstStart.photoCredit", { author: pack.credit.author })}{" "}
              <a href={pack.credit.sourceUrl} rel="noopener noreferrer" className="underline underline-offset-2">
                {t("firstStart.photoSource")}
              </a>
              {" · "}
              <a href={pack.credit.licenceUrl} rel="license noopener noreferrer" className="underline underline-offset-2">
                {pack.credit.licence}
              </a>
            </p>
          ) : null}
          {pack.hidden ? (
            <p role="note" className="rounded-xl bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
              {t("report.packHiddenNotice")}
            </p>
          ) : null}
          {pack.staffView ? (
            <p role="note" className="rounded-xl bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
              {t("report.packStaffNotice")}{" "}
              <Link to={to("/admin")} className="font-medium underline underline-offset-2">
                {t("admin.title")}
              </Link>
            </p>
          ) : null}
          {pack.mine ? <OwnerControls pack={pack} onPack={setPack} /> : null}
          {/* Anyone but its owner may report a pack (decision 0035); staff judge it on the desk. */}
          {pack.mine || pack.staffView ? null : (
            <ReportButton target={{ kind: "pack", packId: pack.packId }} className={pillButton} />
          )}
          {/* Its first stickers' files to the share sheet, with the pack's address (decision 0046). */}
          {pack.staffView || pack.stickers.length === 0 ? null : (
            <ShareFileButton
              stickers={pack.stickers.slice(0, PACK_SHARE_MAX_FILES).map((sticker) => ({
                picId: sticker.picId.id,
                name: sticker.name,
                motion: sticker.motion?.preset ?? null,
              }))}
              title={pack.name}
              url={() => `${location.origin}${to(packPath(pack))}`}
              className={`${pillButton} gap-2`}
            >
              <ShareIcon />
              {t("share.sharePack")}
            </ShareFileButton>
          )}
          {/* Any pack one may see can be made to move, into a new pack of one's own (decision 0041). */}
          {pack.staffView || !pack.stickers[0] ? null : (
            <MakePackMove packId={pack.packId} picId={pack.stickers[0].picId.id} className={pillButton} />
          )}
        </div>
      </header>

      <section aria-labelledby="pack-stickers">
        <h2 id="pack-stickers" className="mb-4 font-semibold text-2xl">
          {t("packs.stickers")}
        </h2>
        {pack.stickers.length === 0 && pending === 0 ? (
          <p className="rounded-2xl bg-white p-8 text-center text-stone-700 ring-1 ring-stone-200">
            {t(pack.mine ? "packs.emptyMine" : "packs.empty")}
          </p>
        ) : pack.mine ? (
          <PackStickersEditor pack={pack} onPack={setPack} altTexts={altTexts} />
        ) : (
          <ol aria-label={t("packs.stickers")} className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
            {pack.stickers.map((sticker, index) => (
              <li key={sticker.stickerInstId} className="min-w-0">
                <StickerPicture sticker={sticker} index={index} alt={altTexts[sticker.stickerInstId]} />
                <p className="mt-1 text-center text-xl">{sticker.emoji.join(" ")}</p>
              </li>
            ))}
          </ol>
        )}
        {pending > 0 ? (
          <ul
            aria-label={t("packs.pending.label")}
            className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5"
          >
            {pack.pendingTaskIds.map((taskId) => (
              <li
                key={taskId}
                className="grid aspect-square place-items-center rounded-2xl bg-stone-100 ring-1 ring-stone-200"
                aria-busy="true"
              >
                <span className="flex flex-col items-center gap-2 text-sm text-stone-600">
                  <span
                    className="size-8 animate-spin rounded-full border-4 border-stone-300 border-t-primary-dark"
                    aria-hidden="true"
                  />
                  {t("packs.pending.drawing")}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      {pack.staffView ? null : (
        <div className="mt-10">
          <PackExportPanel pack={pack} />
        </div>
      )}
    </main>
  );
}

/** The owner's pack name: a heading with "Rename", which turns into a field checked as typed (1–64 characters). */
function PackName({ pack, onPack }: { pack: PackDetail; onPack: (pack: PackDetail) => void }) {
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
function OwnerControls({ pack, onPack }: { pack: PackDetail; onPack: (pack: PackDetail) => void }) {
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
