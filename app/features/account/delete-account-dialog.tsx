import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { Button, Spinner as ButtonSpinner } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { isolate, useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import { api } from "#app/lib/api/api.ts";
import { toastError, toastSuccess } from "#app/lib/toast.ts";
import type { AccountSummary } from "#common/account.ts";
import { planById } from "#common/plans.ts";
import { broadcast, CHANNELS } from "../auth/channels.ts";
import { confirmsDeletion, downloadMyDataLater, myDataDownload, sizeText } from "./account-requests.ts";

/** Deleting removes stickers and files everywhere: it may take longer than an ordinary call. */
const DELETE_TIMEOUT_MS = 120_000;

/**
 * "Delete account" (decision 0037): names what goes — the stickers, packs, favourites, the points
 * balance, a paid plan (cancelled), the sign-in on every device — and what is kept, offers the
 * download first, and deletes once the user has typed their e-mail address. Then every tab signs out
 * and this one lands on the home page with a notice.
 */
export default function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { to } = useLocalized();
  const download = useSyncExternalStore(myDataDownload.subscribe, myDataDownload.current, myDataDownload.idle);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const inputId = useId();
  const [summary, setSummary] = useState<AccountSummary | null>(null);
  const [typed, setTyped] = useState("");
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    let live = true;
    api.account
      .summary()
      .then((answer) => {
        if (live) setSummary(answer);
      })
      .catch((error: unknown) => {
        toastError(error, t);
        dialog.current?.close();
      });
    return () => {
      live = false;
    };
  }, [t]);

  // Escape would close the dialog under a deletion under way: it waits for the answer instead.
  useEffect(() => {
    const element = dialog.current;
    if (!element || !deleting) return;
    const hold = (event: Event) => event.preventDefault();
    element.addEventListener("cancel", hold);
    return () => element.removeEventListener("cancel", hold);
  }, [deleting]);

  const confirmed = summary !== null && confirmsDeletion(typed, summary.confirmation);

  function remove(event: React.FormEvent) {
    event.preventDefault();
    if (!confirmed || deleting) return;
    setDeleting(true);
    api.account
      .delete({ confirmation: typed }, { timeoutMs: DELETE_TIMEOUT_MS })
      .then(async () => {
        // Every other tab signs out now; this one goes home, signed out, and says what happened.
        broadcast(CHANNELS.finishLogout);
        await navigate(to("/"), { replace: true });
        await revalidator.revalidate();
        toastSuccess(t("myData.delete.done"));
      })
      .catch((error: unknown) => {
        setDeleting(false);
        toastError(error, t);
      });
  }

  const plan = summary?.plan ? planById(summary.plan.planId) : undefined;
  return (
    <Dialog ref={dialog} labelledBy={titleId} onClose={onClose} width={480}>
      <form onSubmit={remove} noValidate aria-busy={deleting || summary === null}>
        <h2 id={titleId} className="mb-3 font-semibold text-xl">
          {t("myData.delete.title")}
        </h2>
        {summary === null ? (
          <p role="status" className="flex items-center gap-3 py-6 text-stone-600">
            <Spinner />
            {t("myData.delete.loading")}
          </p>
        ) : (
          <>
            <p className="text-stone-700">{t("myData.delete.intro")}</p>
            <ul className="my-3 list-disc space-y-1 ps-6 text-stone-800">
              <li>{t("myData.delete.stickers", { count: summary.stickers })}</li>
              <li>{t("myData.delete.packs", { count: summary.packs })}</li>
              <li>{t("myData.delete.favorites", { count: summary.favorites })}</li>
              <li>{t("myData.delete.points", { count: summary.points })}</li>
              {plan ? <li>{t("myData.delete.plan", { plan: t(`pricing.plan.${plan.key}.name`) })}</li> : null}
              <li>{t("myData.delete.sessions")}</li>
            </ul>
            <p className="text-sm text-stone-600">{t("myData.delete.kept")}</p>
            <p className="mt-2 text-sm">
              <button
                type="button"
                onClick={() => downloadMyDataLater(t)}
                aria-disabled={download.phase !== "idle" || undefined}
                className="font-medium text-primary-ink underline underline-offset-2 hover:text-primary-darker aria-disabled:cursor-progress aria-disabled:no-underline"
              >
                {download.phase === "preparing"
                  ? t("myData.download.preparing")
                  : download.phase === "receiving"
                    ? t("myData.download.progress", { size: sizeText(download.bytes, i18n.language) })
                    : t("myData.delete.downloadFirst")}
              </button>
            </p>
            <label htmlFor={inputId} className="mt-5 mb-1 block font-medium">
              {t("myData.delete.confirmLabel", { confirmation: isolate(summary.confirmation) })}
            </label>
            <input
              id={inputId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              disabled={deleting}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              inputMode={summary.email ? "email" : "text"}
              dir="ltr"
              className="h-11 w-full rounded-xl border border-stone-300 px-3 focus-visible:outline-2 focus-visible:outline-primary"
            />
          </>
        )}
        {deleting ? (
          <p role="status" className="mt-4 flex items-center gap-3 text-stone-700">
            <Spinner />
            {t("myData.delete.deleting")}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="quiet" onClick={() => dialog.current?.close()} disabled={deleting}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="danger" disabled={!confirmed || deleting}>
            {t("myData.delete.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function Spinner() {
  return <ButtonSpinner className="size-5 border-stone-300 border-t-primary-dark" />;
}
