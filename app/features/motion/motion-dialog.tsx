import { useCallback, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Button, buttonClass, Spinner } from "#app/components/ui/button.tsx";
import { Dialog, DialogActions, DialogClose } from "#app/components/ui/dialog.tsx";
import { ProgressBar } from "#app/components/ui/progress-bar.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import { api } from "#app/lib/api/api.ts";
import { ApiError } from "#app/lib/api/client.ts";
import { useCall } from "#app/lib/api/use-call.ts";
import { usePolling } from "#app/lib/polling.ts";
import type { MotionPreset } from "#common/motion.ts";
import type { StickerListItem } from "#common/stickers.ts";
import { TASK_STATUS } from "#common/tasks.ts";
import { useEasedProgress } from "../create/eased-progress.ts";
import { stickerPath } from "../stickers/sticker-paths.ts";
import { MotionOptionsState, MotionPrice, PresetChoices, PreviewImage, ShareChoice, useMotionOptions } from "./motion-choice.tsx";
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
  const { options, failed } = useMotionOptions(
    () => api.motion.options({ stickerInstId: source.stickerInstId }),
    source.stickerInstId,
  );
  const [preset, setPreset] = useState<MotionPreset>("wiggle");
  const [shared, setShared] = useState(source.visibility !== "private");
  const [taskId, setTaskId] = useState<number | null>(null);

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
      ) : !options ? (
        <MotionOptionsState failed={failed} />
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
            <PresetChoices
              picId={source.picId.id}
              presets={options.presets}
              value={preset}
              onChange={setPreset}
              className="grid grid-cols-3 gap-2"
            />
          </div>
          <ShareChoice label={t("create.visibility.public")} checked={shared} onChange={setShared} />
          <MotionPrice member={options.member} cost={options.cost} point={options.point} />
          <DialogActions dialog={dialog} confirmLabel={t("motion.confirm")} busy={make.busy} busyLabel={t("motion.starting")} />
        </form>
      )}
    </Dialog>
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
  const progress = useEasedProgress(task);

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
  return (
    <div className="mt-6 space-y-3">
      <p id="motion-stage" className="font-medium" aria-live="polite">
        {task && task.status === TASK_STATUS.wait ? t("create.progress.waiting") : t("motion.making")}
      </p>
      <ProgressBar value={progress} labelledBy="motion-stage" />
    </div>
  );
}
