import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { ProgressBar } from "#app/components/ui/progress-bar.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import { ApiError } from "#app/lib/api/client.ts";
import { usePolling } from "#app/lib/polling.ts";
import { TASK_STATUS } from "#common/tasks.ts";
import { FavoriteButton } from "../favorites/favorite-button.tsx";
import { MakeItMove } from "../motion/make-it-move.tsx";
import { MovingImage } from "../motion/moving-image.tsx";
import { stickerPath } from "../stickers/sticker-paths.ts";
import { fetchTask, fetchTips, type Tip } from "./create-requests.ts";
import { useEasedProgress } from "./eased-progress.ts";
import { ShareStickerButton } from "./share-sticker-button.tsx";

const TIP_MS = 5000;

/**
 * Follows one task (spec §3 status wait → exeing → success | failed): a progress bar with the stage in
 * words and rotating tips, then the result with its actions, or the failure's reason and refund.
 */
export function TaskProgress({ taskId, onReset }: { taskId: number; onReset: (keepPrompt: boolean) => void }) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const revalidator = useRevalidator();
  const keepPrompt = useCallback(() => onReset(true), [onReset]);
  const task = usePolling(taskId, () => fetchTask(taskId), {
    isDone: (view) => view.status === TASK_STATUS.success || view.status === TASK_STATUS.failed,
    isGone: (error) => error instanceof ApiError && (error.status === "TASK_NOT_FOUND" || error.status === "AUTH_ERROR"),
    onGone: keepPrompt,
  });
  const [tips, setTips] = useState<Tip[]>([]);
  const [tipIndex, setTipIndex] = useState(0);
  const progress = useEasedProgress(task);
  const heading = useRef<HTMLHeadingElement>(null);
  const finished = task?.status === TASK_STATUS.success || task?.status === TASK_STATUS.failed;

  useEffect(() => {
    fetchTips(5)
      .then((answer) => setTips(answer.list))
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    if (finished) return;
    const rotate = setInterval(() => setTipIndex((index) => index + 1), TIP_MS);
    return () => clearInterval(rotate);
  }, [finished]);

  // The header's balance follows the debit and any refund; focus moves to the outcome.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per finished task
  useEffect(() => {
    if (!finished) return;
    void revalidator.revalidate();
    heading.current?.focus();
  }, [finished]);

  if (task?.status === TASK_STATUS.failed) {
    return (
      <section aria-labelledby="task-outcome" className="space-y-3 rounded-2xl bg-red-50 p-4 ring-1 ring-red-200">
        <h3 id="task-outcome" ref={heading} tabIndex={-1} className="font-semibold text-lg text-red-800 outline-none">
          {t("create.progress.failed")}
        </h3>
        <p role="alert" className="text-red-800">
          {task.errorMsg ?? t("tasks.failed.generic")}
        </p>
        {task.refunded ? <p className="text-stone-700">{t("create.progress.refunded", { count: task.cost })}</p> : null}
        <Button onClick={() => onReset(true)}>{t("create.progress.tryAgain")}</Button>
      </section>
    );
  }

  if (task?.status === TASK_STATUS.success) {
    return (
      <section aria-labelledby="task-outcome" className="space-y-4 rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-200">
        <h3 id="task-outcome" ref={heading} tabIndex={-1} className="font-semibold text-lg outline-none">
          {t("create.progress.done")}
        </h3>
        <ul className="grid gap-4">
          {task.stickers.map((sticker) => (
            <li key={sticker.stickerInstId} className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
              <MovingImage
                moving={sticker.motion?.imageUrl ?? null}
                src={sticker.imageUrl}
                alt={sticker.name || t("create.progress.resultAlt")}
                width={192}
                height={192}
                className="size-48 rounded-2xl bg-[repeating-conic-gradient(#f5f5f4_0_25%,#fff_0_50%)] bg-[length:24px_24px]"
              />
              <div className="flex w-full flex-wrap gap-2 sm:flex-col">
                <a href={`/files/download/${sticker.picId.id}`} download className={buttonClass()}>
                  {t("create.progress.download")}
                </a>
                <Link
                  to={to(stickerPath(sticker))}
                  className="inline-flex h-10 items-center justify-center rounded-full px-5 ring-1 ring-stone-300 hover:bg-white"
                >
                  {t("create.progress.open")}
                </Link>
                <Link
                  to={`${to(stickerPath(sticker))}?edit`}
                  className="inline-flex h-10 items-center justify-center rounded-full px-5 ring-1 ring-stone-300 hover:bg-white"
                >
                  {t("stickerEdit.open")}
                </Link>
                <FavoriteButton sticker={sticker} variant="pill" />
                <ShareStickerButton sticker={sticker} path={to(stickerPath(sticker))} />
                {sticker.motion ? null : (
                  <MakeItMove
                    source={{ ...sticker, visibility: task.visibility }}
                    className="inline-flex h-10 items-center justify-center gap-2 rounded-full px-5 ring-1 ring-stone-300 hover:bg-white"
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
        <p className="text-sm text-stone-600">
          {task.visibility === "private" ? t("create.progress.keptPrivate") : t("create.progress.shared")}{" "}
          <Link to={to("/stickers/stickers")} className="font-medium text-primary-dark underline">
            {t("create.progress.mine")}
          </Link>
        </p>
        <Button variant="secondary" onClick={() => onReset(false)}>
          {t("create.progress.another")}
        </Button>
      </section>
    );
  }

  const tip = tips.length > 0 ? tips[tipIndex % tips.length] : null;
  const stage =
    !task || task.status === TASK_STATUS.wait
      ? task && task.position > 0
        ? t("create.progress.queued", { count: task.position })
        : t("create.progress.waiting")
      : task.progress >= 70
        ? t("create.progress.finishing")
        : t("create.progress.drawing");
  return (
    <section aria-labelledby="task-stage" className="space-y-3 rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-200">
      <div className="flex items-center justify-between gap-3">
        <h3 id="task-stage" className="font-semibold" aria-live="polite">
          {stage}
        </h3>
        <span className="text-sm text-stone-600 tabular-nums">{progress}%</span>
      </div>
      <ProgressBar value={progress} labelledBy="task-stage" />
      {tip ? (
        <p className="min-h-10 text-sm text-stone-600">
          <span className="font-medium">{t("create.progress.tip")}</span> {tip.text}
        </p>
      ) : null}
    </section>
  );
}
