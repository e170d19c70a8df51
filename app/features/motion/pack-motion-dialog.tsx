import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Dialog, DialogActions, DialogClose } from "#app/components/ui/dialog.tsx";
import { ProgressBar } from "#app/components/ui/progress-bar.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import { api } from "#app/lib/api/api.ts";
import { ApiError } from "#app/lib/api/client.ts";
import { useCall } from "#app/lib/api/use-call.ts";
import { usePolling } from "#app/lib/polling.ts";
import type { MotionPreset } from "#common/motion.ts";
import type { MadePack } from "#common/packs.ts";
import { packPath } from "../packs/pack-path.ts";
import { MotionOptionsState, MotionPrice, PresetChoices, ShareChoice, useMotionOptions } from "./motion-choice.tsx";

/**
 * "Make the pack move" (decision 0041): one preset for every sticker, previewed on the pack's first
 * sticker, the whole price before confirming, then the new pack's progress and a link to it.
 */
export default function PackMotionDialog({
  packId,
  picId,
  onClose,
}: {
  packId: string;
  /** The picture the presets are previewed on. */
  picId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { options, failed } = useMotionOptions(() => api.motion.packOptions({ packId }), packId);
  const [preset, setPreset] = useState<MotionPreset>("bounce");
  const [shared, setShared] = useState(false);
  const [made, setMade] = useState<MadePack | null>(null);

  const make = useCall(() => api.motion.makePack({ packId, preset, visibility: shared ? "public" : "private" }), {
    signIn: "create",
    revalidate: "background",
    onSuccess: setMade,
  });

  return (
    <Dialog ref={dialog} labelledBy={titleId} width={560} onClose={onClose} className="relative p-5 sm:p-6">
      <DialogClose dialog={dialog} label={t("motion.close")} />
      <h2 id={titleId} className="pe-10 font-bold text-xl">
        {t("motion.pack.title")}
      </h2>
      {made ? (
        <PackMoveProgress made={made} onOpen={() => dialog.current?.close()} />
      ) : !options ? (
        <MotionOptionsState failed={failed} />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void make.run();
          }}
        >
          <p className="mt-1 mb-4 text-sm text-stone-600">{t("motion.pack.intro", { count: options.count })}</p>
          <PresetChoices
            picId={picId}
            presets={options.presets}
            value={preset}
            onChange={setPreset}
            className="grid grid-cols-3 gap-2 sm:grid-cols-4"
          />
          <ShareChoice label={t("motion.pack.public")} checked={shared} onChange={setShared} />
          <MotionPrice member={options.member} cost={options.cost * options.count} point={options.point} />
          <DialogActions
            dialog={dialog}
            confirmLabel={t("motion.pack.confirm")}
            busy={make.busy}
            busyLabel={t("motion.starting")}
          />
        </form>
      )}
    </Dialog>
  );
}

/** The new pack's motion tasks followed to their end, then the way to it. */
function PackMoveProgress({ made, onOpen }: { made: MadePack; onOpen: () => void }) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const progress = usePolling(made.pack.packId, () => api.motion.packProgress({ packId: made.pack.packId }), {
    isDone: (view) => view.made + view.failed >= view.total,
    isGone: (error) => error instanceof ApiError && (error.status === "PACK_NOT_FOUND" || error.status === "AUTH_ERROR"),
    onGone: noop,
  });
  const done = progress !== null && progress.made + progress.failed >= progress.total;
  const percent = progress?.progress ?? 0;
  return (
    <div className="mt-5 space-y-4">
      <p id="pack-motion-stage" className="font-medium" aria-live="polite">
        {done
          ? t("motion.pack.done", { count: progress?.made ?? 0 })
          : t("motion.pack.making", { made: progress?.made ?? 0, total: progress?.total ?? made.taskIds.length })}
      </p>
      <ProgressBar value={percent} labelledBy="pack-motion-stage" least={4} />
      {progress && progress.failed > 0 ? (
        <p className="text-sm text-amber-800">{t("motion.pack.someFailed", { count: progress.failed })}</p>
      ) : null}
      <Link to={to(packPath(made.pack))} onClick={onOpen} className={buttonClass({ variant: done ? "primary" : "outline" })}>
        {t("motion.pack.open")}
      </Link>
    </div>
  );
}

function noop() {}
