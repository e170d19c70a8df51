import { useId, useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogActions } from "#app/components/ui/dialog.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { ApiError } from "#app/lib/api/api.ts";
import { useCall } from "#app/lib/api/use-call.ts";
import { toastSuccess } from "#app/lib/toast.ts";
import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS, type ReportReason } from "#common/moderation.ts";
import { type ReportTarget, reportCallOf } from "./report-target.ts";

/** The reason list and an optional note; one report per user per sticker or pack (decisions 0031, 0035). */
export default function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const call = reportCallOf(target);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const noteId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState("");
  const [already, setAlready] = useState(false);
  const [missing, setMissing] = useState(false);

  const report = useCall((reason: ReportReason) => call.send(reason, note), {
    onSuccess: () => {
      toastSuccess(t("report.sent"));
      dialog.current?.close();
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === "ALREADY_REPORTED")) return false;
      setAlready(true);
      return true;
    },
  });
  const busy = report.busy;

  function send(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!reason) {
      setMissing(true);
      return;
    }
    void report.run(reason);
  }

  return (
    <Dialog ref={dialog} labelledBy={titleId} onClose={onClose}>
      <form onSubmit={send} noValidate>
        <h2 id={titleId} className="mb-4 font-semibold text-xl">
          {t(call.titleKey)}
        </h2>
        {already ? (
          <p role="status" className="rounded-xl bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
            {t(call.alreadyKey)}
          </p>
        ) : (
          <>
            <fieldset aria-invalid={missing || undefined} aria-describedby={missing ? `${titleId}-missing` : undefined}>
              <legend className="mb-2 font-medium">{t("report.reasonLabel")}</legend>
              <div className="space-y-1">
                {REPORT_REASONS.map((option) => (
                  <label
                    key={option}
                    className="flex min-h-10 cursor-pointer items-center gap-3 rounded-xl px-3 hover:bg-stone-100 has-focus-visible:outline-2 has-focus-visible:outline-primary"
                  >
                    <input
                      type="radio"
                      name="reason"
                      value={option}
                      checked={reason === option}
                      onChange={() => {
                        setReason(option);
                        setMissing(false);
                      }}
                      className="size-4 accent-primary-dark"
                    />
                    {t(`report.reason.${option}`)}
                  </label>
                ))}
              </div>
              {missing ? (
                <p id={`${titleId}-missing`} className="mt-1 text-red-700 text-sm">
                  {t("report.reasonLabel")}
                </p>
              ) : null}
            </fieldset>
            <label htmlFor={noteId} className="mt-4 mb-1 block font-medium">
              {t("report.noteLabel")}
            </label>
            <textarea
              id={noteId}
              value={note}
              maxLength={REPORT_NOTE_MAX_LENGTH}
              onChange={(event) => setNote(event.target.value)}
              rows={3}
              dir="auto"
              className="w-full rounded-xl border border-stone-300 p-3 focus-visible:outline-2 focus-visible:outline-primary"
            />
            <p className="text-end text-stone-500 text-xs" aria-hidden="true">
              {note.length}/{REPORT_NOTE_MAX_LENGTH}
            </p>
          </>
        )}
        {already ? (
          <div className="mt-6 flex justify-end">
            <Button variant="quiet" onClick={() => dialog.current?.close()}>
              {t("report.cancel")}
            </Button>
          </div>
        ) : (
          <DialogActions dialog={dialog} confirmLabel={t("report.submit")} cancelLabel={t("report.cancel")} busy={busy} />
        )}
      </form>
    </Dialog>
  );
}
