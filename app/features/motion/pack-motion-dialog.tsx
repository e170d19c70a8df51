import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Button, buttonClass, Spinner } from "#app/components/ui/button.tsx";
import { Dialog, DialogClose } from "#app/components/ui/dialog.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import { api } from "#app/lib/api/api.ts";
import { ApiError } from "#app/lib/api/client.ts";
import { useCall } from "#app/lib/api/use-call.ts";
import { usePolling } from "#app/lib/polling.ts";
import type { PackMotionOptions } from "#common/api/motion.ts";
import type { MotionPreset } from "#common/motion.ts";
import type { MadePack } from "#common/packs.ts";
import { packPath } from "../packs/pack-path.ts";
import { PreviewImage } from "./motion-dialog.tsx";
import { motionPreviewUrl } from "./motion-files.ts";

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
  const [options, setOptions] = useState<PackMotionOptions | null>(null);
  const [failed, setFailed] = useState(false);
  const [preset, setPreset] = useState<MotionPreset>("bounce");
  const [shared, setShared] = useState(false);
  const [made, setMade] = useState<MadePack | null>(null);

  useEffect(() => {
    let live = true;
    api.motion
      .packOptions({ packId })
      .then((answer) => live && setOptions(answer))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [packId]);

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
      ) : failed ? (
        <p role="alert" className="mt-4 text-red-800">
          {t("motion.optionsFailed")}
        </p>
      ) : !options ? (
        <p className="mt-6 flex items-center gap-3 text-stone-600" aria-live="polite">
          <Spinner className="size-5 border-stone-300 border-t-primary" />
          {t("app.loading")}
        </p>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void make.run();
          }}
        >
          <p className="mt-1 text-sm text-stone-600">{t("motion.pack.intro", { count: options.count })}</p>
          <fieldset className="mt-4">
            <legend className="mb-2 font-medium text-sm">{t("motion.choose")}</legend>
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
              {options.presets.map((option) => (
                <label
                  key={option}
                  className="flex cursor-pointer flex-col items-center gap-1 rounded-xl p-1.5 text-center text-xs ring-1 ring-stone-200 has-checked:bg-primary-light has-checked:ring-2 has-checked:ring-primary has-focus-visible:outline-2 has-focus-visible:outline-primary"
                >
                  <input
                    type="radio"
                    name="pack-preset"
                    value={option}
                    checked={preset === option}
                    onChange={() => setPreset(option)}
                    className="sr-only"
                  />
                  <PreviewImage
                    src={motionPreviewUrl(picId, option)}
                    alt=""
                    width={64}
                    height={64}
                    className="size-16 motion-reduce:hidden"
                  />
                  <span className="font-medium">{t(`motion.preset.${option}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <label className="mt-4 flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              checked={shared}
              onChange={(event) => setShared(event.target.checked)}
              className="mt-0.5 size-4 accent-primary"
            />
            <span>{t("motion.pack.public")}</span>
          </label>
          <p className="mt-3 text-sm text-stone-700" data-testid="motion-cost">
            {options.member || options.cost === 0
              ? t("create.cost.memberIncluded")
              : t("create.cost.free", { count: options.cost * options.count, balance: options.point })}
          </p>
          <div className="mt-5 flex justify-end gap-3">
            <Button variant="quiet" onClick={() => dialog.current?.close()}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" busy={make.busy} busyLabel={t("motion.starting")}>
              {t("motion.pack.confirm")}
            </Button>
          </div>
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
      <div
        role="progressbar"
        aria-labelledby="pack-motion-stage"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300"
          style={{ width: `${Math.max(4, percent)}%` }}
        />
      </div>
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
