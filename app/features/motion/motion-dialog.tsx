import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Button, buttonClass, Spinner } from "#app/components/ui/button.tsx";
import { Dialog, DialogClose } from "#app/components/ui/dialog.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import { api } from "#app/lib/api/api.ts";
import { ApiError } from "#app/lib/api/client.ts";
import { useCall } from "#app/lib/api/use-call.ts";
import { usePolling } from "#app/lib/polling.ts";
import type { MotionOptions } from "#common/api/motion.ts";
import type { MotionPreset } from "#common/motion.ts";
import type { StickerListItem } from "#common/stickers.ts";
import { TASK_STATUS } from "#common/tasks.ts";
import { stickerPath } from "../stickers/sticker-card.tsx";
import { MOTION_DOWNLOADS, motionDownloadPath, motionPreviewUrl } from "./motion-files.ts";
import { MovingImage } from "./moving-image.tsx";

export interface MotionSource {
  stickerInstId: string;
  picId: { id: string };
  name: string;
  imageUrl: string;
  visibility?: "public" | "private" | undefined;
}

/**
 * "Make it move" (decision 0041): the presets this sticker can take, each with its live preview (a
 * small loop the server makes on first request), the price before confirming, then the task's progress
 * and the moving sticker with its downloads.
 */
export default function MotionDialog({ source, onClose }: { source: MotionSource; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [options, setOptions] = useState<MotionOptions | null>(null);
  const [failed, setFailed] = useState(false);
  const [preset, setPreset] = useState<MotionPreset>("wiggle");
  const [shared, setShared] = useState(source.visibility !== "private");
  const [taskId, setTaskId] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    api.motion
      .options({ stickerInstId: source.stickerInstId })
      .then((answer) => live && setOptions(answer))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [source.stickerInstId]);

  const make = useCall(
    () => api.motion.make({ stickerInstId: source.stickerInstId, preset, visibility: shared ? "public" : "private" }),
    { signIn: "create", revalidate: "background", onSuccess: (answer) => setTaskId(answer.taskId) },
  );

  return (
    <Dialog ref={dialog} labelledBy={titleId} width={640} onClose={onClose} className="relative p-5 sm:p-6">
      <DialogClose dialog={dialog} label={t("motion.close")} />
      <h2 id={titleId} className="pe-10 font-bold text-xl">
        {t("motion.title")}
      </h2>
      {taskId !== null ? (
        <MotionProgress taskId={taskId} onRetry={() => setTaskId(null)} onOpen={() => dialog.current?.close()} />
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
          <p className="mt-1 text-sm text-stone-600">{options.mine ? t("motion.intro") : t("motion.introCopy")}</p>
          <div className="mt-4 grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
            <div className="rounded-2xl bg-[repeating-conic-gradient(#f5f5f4_0_25%,#fff_0_50%)] bg-[length:24px_24px] p-2">
              <PresetPreview picId={source.picId.id} preset={preset} name={source.name} />
            </div>
            <fieldset>
              <legend className="mb-2 font-medium text-sm">{t("motion.choose")}</legend>
              <div className="grid grid-cols-3 gap-2">
                {options.presets.map((option) => (
                  <label
                    key={option}
                    className="flex cursor-pointer flex-col items-center gap-1 rounded-xl p-1.5 text-center text-xs ring-1 ring-stone-200 has-checked:bg-primary-light has-checked:ring-2 has-checked:ring-primary has-focus-visible:outline-2 has-focus-visible:outline-primary"
                  >
                    <input
                      type="radio"
                      name="preset"
                      value={option}
                      checked={preset === option}
                      onChange={() => setPreset(option)}
                      className="sr-only"
                    />
                    <PreviewImage
                      src={motionPreviewUrl(source.picId.id, option)}
                      alt=""
                      width={64}
                      height={64}
                      className="size-14 motion-reduce:hidden"
                    />
                    <span className="font-medium">{t(`motion.preset.${option}`)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
          <label className="mt-4 flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              checked={shared}
              onChange={(event) => setShared(event.target.checked)}
              className="mt-0.5 size-4 accent-primary"
            />
            <span>{t("create.visibility.public")}</span>
          </label>
          <p className="mt-3 text-sm text-stone-700" data-testid="motion-cost">
            {options.member || options.cost === 0
              ? t("create.cost.memberIncluded")
              : t("create.cost.free", { count: options.cost, balance: options.point })}
          </p>
          <div className="mt-5 flex justify-end gap-3">
            <Button variant="quiet" onClick={() => dialog.current?.close()}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" busy={make.busy} busyLabel={t("motion.starting")}>
              {t("motion.confirm")}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** How often a preview that did not come (the server was busy making others) is asked for again. */
const PREVIEW_RETRIES = 3;

/**
 * A preview the server makes on its first request: when busy it answers 503, so the picture is asked
 * for again a moment later instead of showing a broken image.
 */
export function PreviewImage({
  src,
  alt,
  ...image
}: React.ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <img
      {...image}
      alt={alt}
      src={attempt === 0 ? src : `${src}?attempt=${attempt}`}
      onError={() => {
        if (attempt < PREVIEW_RETRIES) setTimeout(() => setAttempt((value) => value + 1), 800 * (attempt + 1));
      }}
    />
  );
}

/** The chosen preset's loop, large; a spinner until it has loaded (the first request makes it). */
function PresetPreview({ picId, preset, name }: { picId: string; preset: MotionPreset; name: string }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<string | null>(null);
  const url = motionPreviewUrl(picId, preset);
  return (
    <div className="relative aspect-square w-full">
      <PreviewImage
        key={url}
        src={url}
        alt={t("motion.previewAlt", { name, motion: t(`motion.preset.${preset}`) })}
        width={256}
        height={256}
        onLoad={() => setLoaded(url)}
        className="size-full"
      />
      {loaded === url ? null : (
        <span className="absolute inset-0 grid place-items-center" aria-live="polite">
          <span className="flex items-center gap-2 rounded-full bg-white/90 px-3 py-1 text-sm text-stone-700 shadow-sm">
            <Spinner className="size-4 border-stone-300 border-t-primary" />
            {t("motion.previewLoading")}
          </span>
        </span>
      )}
    </div>
  );
}

/** The motion task followed to its end: a progress bar, then the moving sticker and its files, or why it failed. */
function MotionProgress({ taskId, onRetry, onOpen }: { taskId: number; onRetry: () => void; onOpen: () => void }) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const onGone = useCallback(() => onRetry(), [onRetry]);
  const task = usePolling(taskId, () => api.task.get({ taskId }), {
    isDone: (view) => view.status === TASK_STATUS.success || view.status === TASK_STATUS.failed,
    isGone: (error) => error instanceof ApiError && (error.status === "TASK_NOT_FOUND" || error.status === "AUTH_ERROR"),
    onGone,
  });
  const made: StickerListItem | undefined = task?.status === TASK_STATUS.success ? task.stickers[0] : undefined;

  if (task?.status === TASK_STATUS.failed) {
    return (
      <div className="mt-4 space-y-3">
        <p role="alert" className="text-red-800">
          {task.errorMsg ?? t("tasks.failed.generic")}
        </p>
        {task.refunded ? <p className="text-stone-700">{t("create.progress.refunded", { count: task.cost })}</p> : null}
        <Button onClick={onRetry}>{t("create.progress.tryAgain")}</Button>
      </div>
    );
  }
  if (made?.motion) {
    const { motion } = made;
    return (
      <div className="mt-4 space-y-4">
        <p className="font-semibold text-lg" role="status">
          {t("motion.done")}
        </p>
        <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
          <MovingImage
            moving={motion.imageUrl}
            src={made.imageUrl}
            alt={made.name}
            width={192}
            height={192}
            className="size-48 rounded-2xl bg-[repeating-conic-gradient(#f5f5f4_0_25%,#fff_0_50%)] bg-[length:24px_24px]"
          />
          <div className="flex w-full flex-wrap gap-2 sm:flex-col">
            <Link to={to(stickerPath(made))} onClick={onOpen} className={buttonClass()}>
              {t("create.progress.open")}
            </Link>
            <ul aria-label={t("motion.downloads")} className="flex flex-wrap gap-2">
              {MOTION_DOWNLOADS.map((format) => (
                <li key={format}>
                  <a
                    href={motionDownloadPath(made.picId.id, motion.preset, format)}
                    download
                    className={buttonClass({ variant: "outline", size: "md-narrow" })}
                  >
                    {t(`motion.download.${format}`)}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    );
  }
  const progress = task?.progress ?? 0;
  return (
    <div className="mt-6 space-y-3">
      <p id="motion-stage" className="font-medium" aria-live="polite">
        {task && task.status === TASK_STATUS.wait ? t("create.progress.waiting") : t("motion.making")}
      </p>
      <div
        role="progressbar"
        aria-labelledby="motion-stage"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-3 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300"
          style={{ width: `${Math.max(4, progress)}%` }}
        />
      </div>
    </div>
  );
}
