import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Button, buttonClass, Spinner } from "#app/components/ui/button.tsx";
import { Dialog, DialogClose } from "#app/components/ui/dialog.tsx";
import { ProgressBar } from "#app/components/ui/progress-bar.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { api } from "#app/lib/api/api.ts";
import { useCall } from "#app/lib/api/use-call.ts";
import { usePolling } from "#app/lib/polling.ts";
import type { TelegramSetView, TelegramStatus } from "#common/api/telegram.ts";

/**
 * "Add to Telegram" (decision 0044): links the user's Telegram once (our bot's deep link; this dialog
 * waits for Start to be pressed there), then queues the pack's set and follows it to its link.
 */
export default function AddToTelegramDialog({ packId, onClose }: { packId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [status, setStatus] = useState<TelegramStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    api.telegram.status({}).then(setStatus, () => setFailed(true));
  }, []);
  useEffect(load, [load]);

  const account = status?.account ?? null;
  return (
    <Dialog ref={dialog} labelledBy={titleId} width={520} onClose={onClose} className="relative p-5 sm:p-6">
      <DialogClose dialog={dialog} label={t("telegram.close")} />
      <h2 id={titleId} className="pe-10 font-bold text-xl">
        {t("telegram.title")}
      </h2>
      <div className="mt-4 space-y-4" aria-live="polite">
        {failed ? (
          <div className="space-y-3">
            <p className="text-amber-800">{t("telegram.loadFailed")}</p>
            <Button variant="outline" onClick={load}>
              {t("telegram.retry")}
            </Button>
          </div>
        ) : !status ? (
          <p className="flex items-center gap-2 text-stone-600">
            <Spinner className="size-5 border-stone-300 border-t-primary-dark" />
            {t("telegram.loading")}
          </p>
        ) : !account ? (
          <LinkStep onLinked={setStatus} />
        ) : account.blocked ? (
          <div className="space-y-3">
            <p className="text-amber-800">{t("telegram.blocked", { bot: `@${status.botUsername}` })}</p>
            <div className="flex flex-wrap gap-2">
              <a
                href={`https://t.me/${status.botUsername}`}
                target="_blank"
                rel="noreferrer"
                className={buttonClass({ variant: "primary" })}
              >
                {t("telegram.openBot")}
              </a>
              <Button variant="outline" onClick={load}>
                {t("telegram.retry")}
              </Button>
            </div>
          </div>
        ) : (
          <>
            <LinkedAs status={status} onUnlinked={setStatus} />
            <SetStep packId={packId} />
          </>
        )}
      </div>
    </Dialog>
  );
}

/** The deep link, then waiting for Start to be pressed in Telegram (the status turns linked). */
function LinkStep({ onLinked }: { onLinked: (status: TelegramStatus) => void }) {
  const { t } = useTranslation();
  const [link, setLink] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const start = useCall(() => api.telegram.link({}), { onSuccess: (answer) => setLink(answer.url) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: one link per dialog
  useEffect(() => {
    void start.run();
  }, []);
  const status = usePolling(link ?? "none", () => (link ? api.telegram.status({}) : Promise.resolve(null)), {
    isDone: (value) => value !== null && value.account !== null,
    isGone: () => false,
    onGone: noop,
  });
  useEffect(() => {
    if (status?.account) onLinked(status);
  }, [status, onLinked]);
  return (
    <div className="space-y-3">
      <p className="text-stone-700">{t("telegram.linkIntro")}</p>
      {link ? (
        <a
          href={link}
          target="_blank"
          rel="noreferrer"
          onClick={() => setOpened(true)}
          className={buttonClass({ variant: "primary" })}
          data-testid="telegram-deep-link"
        >
          {t("telegram.openBot")}
        </a>
      ) : (
        <p className="flex items-center gap-2 text-stone-600">
          <Spinner className="size-5 border-stone-300 border-t-primary-dark" />
          {t("telegram.loading")}
        </p>
      )}
      {opened ? (
        <p className="flex items-center gap-2 text-sm text-stone-600">
          <Spinner className="size-4 border-stone-300 border-t-primary-dark" />
          {t("telegram.waiting")}
        </p>
      ) : null}
    </div>
  );
}

function LinkedAs({ status, onUnlinked }: { status: TelegramStatus; onUnlinked: (status: TelegramStatus) => void }) {
  const { t } = useTranslation();
  const account = status.account;
  const unlink = useCall(() => api.telegram.unlink({}), { onSuccess: onUnlinked });
  if (!account) return null;
  const name = account.username ? `${account.firstName} (@${account.username})` : account.firstName;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-stone-50 px-3 py-2 text-sm">
      <span className="text-stone-700" data-testid="telegram-linked-as">
        {t("telegram.linkedAs", { name })}
      </span>
      <Button variant="quiet" size="md-narrow" onClick={() => void unlink.run()} busy={unlink.busy}>
        {t("telegram.unlink")}
      </Button>
    </div>
  );
}

/** Queues the set (made, or brought up to date) and follows it to its link. */
function SetStep({ packId }: { packId: string }) {
  const { t } = useTranslation();
  const [requested, setRequested] = useState<TelegramSetView | null>(null);
  const [round, setRound] = useState(0);
  const add = useCall(() => api.telegram.addPack({ packId }), {
    onSuccess: (view) => {
      setRequested(view);
      setRound((value) => value + 1);
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: added once when the dialog reaches this step
  useEffect(() => {
    void add.run();
  }, []);
  const polled = usePolling(`${packId}:${round}`, () => api.telegram.packSet({ packId }), {
    isDone: (view) => view === null || view.state === "ready" || view.state === "failed",
    isGone: () => false,
    onGone: noop,
  });
  const view = round > 0 ? (polled ?? requested) : null;
  if (!view) {
    return (
      <p className="flex items-center gap-2 text-stone-600">
        <Spinner className="size-5 border-stone-300 border-t-primary-dark" />
        {t("telegram.starting")}
      </p>
    );
  }
  if (view.state === "ready") {
    return (
      <div className="space-y-3" data-testid="telegram-set-ready">
        <p className="font-medium text-emerald-800">{t("telegram.ready")}</p>
        <a href={view.link} target="_blank" rel="noreferrer" className={buttonClass({ variant: "primary" })}>
          {t("telegram.openSet")}
        </a>
      </div>
    );
  }
  if (view.state === "failed") {
    return (
      <div className="space-y-3">
        <p className="text-amber-800" data-testid="telegram-set-failed">
          {view.error?.msg ?? t("telegram.loadFailed")}
        </p>
        <Button variant="outline" onClick={() => void add.run()} busy={add.busy}>
          {t("telegram.retry")}
        </Button>
      </div>
    );
  }
  const percent = view.total > 0 ? Math.round((view.done / view.total) * 100) : 0;
  return (
    <div className="space-y-2">
      <p id="telegram-set-stage" className="font-medium">
        {view.state === "queued" ? t("telegram.queued") : t("telegram.adding", { done: view.done, total: view.total })}
      </p>
      <ProgressBar value={percent} labelledBy="telegram-set-stage" least={4} />
    </div>
  );
}

function noop() {}
