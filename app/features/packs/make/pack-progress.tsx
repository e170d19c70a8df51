import { useEffect, useRef } from "react";
import { Link, useRevalidator } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import { ApiError } from "#app/lib/api/client.ts";
import { usePolling } from "#app/lib/polling.ts";
import type { MoodTaskView } from "#common/packs.ts";
import { TASK_STATUS } from "#common/tasks.ts";
import { fetchPackProgress } from "./make-requests.ts";

/**
 * One progress view for a pack made in one go (decision 0026): a tile per mood that fills in as its
 * sticker is ready ("5 of 8 ready"), a failed mood with its refund, then the link to the pack's page.
 */
export function PackProgress({ packId, onReset }: { packId: string; onReset: () => void }) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const revalidator = useRevalidator();
  const view = usePolling(packId, () => fetchPackProgress(packId), {
    isDone: (next) => next.done,
    isGone: (error) => error instanceof ApiError && (error.status === "PACK_NOT_FOUND" || error.status === "AUTH_ERROR"),
    onGone: onReset,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const done = view?.done ?? false;
  const failedCount = view?.failed ?? 0;

  // The header's balance follows refunds; focus moves to the outcome once every mood is settled.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per settled pack, and per new refund
  useEffect(() => {
    if (failedCount > 0 || done) void revalidator.revalidate();
    if (done) heading.current?.focus();
  }, [done, failedCount]);

  return (
    <section
      aria-labelledby="pack-progress-title"
      className="space-y-4 rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-200"
      data-testid="pack-progress"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="pack-progress-title" ref={heading} tabIndex={-1} className="font-semibold text-lg outline-none">
          {view?.name ?? t("packs.make.making")}
        </h3>
        <p className="text-sm text-stone-700 tabular-nums" aria-live="polite" data-testid="pack-ready">
          {view ? t("packs.make.ready", { ready: view.ready, total: view.total }) : t("packs.make.making")}
        </p>
      </div>
      <div
        role="progressbar"
        aria-labelledby="pack-progress-title"
        aria-valuemin={0}
        aria-valuemax={view?.total ?? 1}
        aria-valuenow={(view?.ready ?? 0) + (view?.failed ?? 0)}
        className="h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300"
          style={{ width: `${view && view.total > 0 ? (100 * (view.ready + view.failed)) / view.total : 2}%` }}
        />
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(view?.tasks ?? []).map((task) => (
          <MoodTile key={task.taskId} task={task} />
        ))}
      </ul>
      {done ? (
        <div className="flex flex-wrap gap-2">
          {view && view.ready > 0 ? (
            <Link to={to(`/pack/${packId}`)} className={buttonClass()}>
              {t("packs.make.openPack")}
            </Link>
          ) : null}
          <Button variant="secondary" onClick={onReset}>
            {t("packs.make.makeAnother")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function MoodTile({ task }: { task: MoodTaskView }) {
  const { t } = useTranslation();
  const name = t(`moods.${task.mood}`);
  const state = task.status === TASK_STATUS.success ? "ready" : task.status === TASK_STATUS.failed ? "failed" : "pending";
  return (
    <li
      data-mood={task.mood}
      data-state={state}
      className={`flex flex-col items-center gap-1 rounded-2xl p-2 text-center ring-1 ${
        state === "failed" ? "bg-red-50 ring-red-200" : "bg-white ring-stone-200"
      }`}
    >
      <div className="grid aspect-square w-full place-items-center rounded-xl bg-[repeating-conic-gradient(#f5f5f4_0_25%,#fff_0_50%)] bg-[length:16px_16px]">
        {task.sticker ? (
          <img
            src={task.sticker.thumbUrl}
            alt={task.sticker.name}
            width={128}
            height={128}
            className="size-full object-contain"
          />
        ) : (
          <span
            aria-hidden="true"
            className={`text-4xl ${state === "pending" ? "animate-pulse opacity-60" : "opacity-40 grayscale"}`}
          >
            {task.emoji}
          </span>
        )}
      </div>
      <span className="font-medium text-sm">
        <span aria-hidden="true">{task.emoji}</span> {name}
      </span>
      <span className={`text-xs ${state === "failed" ? "text-red-800" : "text-stone-600"}`}>
        {state === "failed"
          ? task.refunded
            ? t("packs.make.refunded")
            : t("packs.make.notMade")
          : state === "pending"
            ? task.status === TASK_STATUS.wait
              ? t("packs.make.waiting")
              : `${task.progress}%`
            : "✓"}
      </span>
    </li>
  );
}
