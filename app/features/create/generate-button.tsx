import { useId } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import type { Kind, Upload } from "./create-state.ts";

/**
 * Generate (or "Make the pack"), with what it says while it runs — starting, the picture's upload
 * share and its bar, checking after a lost answer — the problem when nothing started, and the cost line.
 */
export function GenerateButton({
  kind,
  ready,
  busy,
  upload,
  problem,
  costLine,
}: {
  kind: Kind;
  ready: boolean;
  busy: boolean;
  upload: Upload | undefined;
  problem: string | null;
  costLine: string;
}) {
  const { t } = useTranslation();
  const costId = useId();
  return (
    <div className="space-y-2">
      <Button
        type="submit"
        variant="cta"
        className="w-full"
        disabled={!ready}
        busy={busy}
        spinner
        busyLabel={
          typeof upload === "number"
            ? t("create.upload.sending", { percent: Math.round(upload * 100) })
            : upload === null
              ? kind === "pack"
                ? t("packs.make.checking")
                : t("create.upload.checking")
              : t("create.starting")
        }
        aria-describedby={costId}
      >
        {kind === "pack" ? t("packs.make.submit") : t("create.generate")}
      </Button>
      {typeof upload === "number" ? (
        <progress
          max={100}
          value={Math.round(upload * 100)}
          aria-label={t("create.upload.sending", { percent: Math.round(upload * 100) })}
          className="h-1.5 w-full overflow-hidden rounded-full accent-primary-dark"
        />
      ) : null}
      {problem ? (
        <p role="alert" className="text-center text-red-700 text-sm">
          {t(problem)}
        </p>
      ) : null}
      <p id={costId} className="text-center text-sm text-stone-600">
        {costLine}
      </p>
    </div>
  );
}
