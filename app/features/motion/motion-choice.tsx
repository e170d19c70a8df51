import { useEffect, useState } from "react";
import { Spinner } from "#app/components/ui/button.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import type { MotionPreset } from "#common/motion.ts";
import { motionPreviewUrl } from "./motion-files.ts";

/** How often a preview that did not come (the server was busy making others) is asked for again. */
const PREVIEW_RETRIES = 3;

/**
 * A preview the server makes on its first request: when busy it answers 503, so the picture is asked
 * for again a moment later instead of showing a broken image.
 */
export function PreviewImage({ src, alt, ...image }: React.ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
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

/**
 * What a motion dialog asks the server first (the presets and the price): null while it comes, or
 * `failed` when it could not be had.
 */
export function useMotionOptions<T>(load: () => Promise<T>, key: string): { options: T | null; failed: boolean } {
  const [options, setOptions] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` asks for
  useEffect(() => {
    let live = true;
    load()
      .then((answer) => live && setOptions(answer))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [key]);
  return { options, failed };
}

/** The options' two states before the form: loading, or the reason they are missing. */
export function MotionOptionsState({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  return failed ? (
    <p role="alert" className="mt-4 text-red-800">
      {t("motion.optionsFailed")}
    </p>
  ) : (
    <p className="mt-6 flex items-center gap-3 text-stone-600" aria-live="polite">
      <Spinner className="size-5 border-stone-300 border-t-primary" />
      {t("app.loading")}
    </p>
  );
}

/** The presets as radio buttons, each with its small moving preview (still for reduced motion). */
export function PresetChoices({
  picId,
  presets,
  value,
  onChange,
  className,
}: {
  picId: string;
  presets: readonly MotionPreset[];
  value: MotionPreset;
  onChange: (preset: MotionPreset) => void;
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="mb-2 font-medium text-sm">{t("motion.choose")}</legend>
      <div className={className}>
        {presets.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer flex-col items-center gap-1 rounded-xl p-1.5 text-center text-xs ring-1 ring-stone-200 has-checked:bg-primary-light has-checked:ring-2 has-checked:ring-primary has-focus-visible:outline-2 has-focus-visible:outline-primary"
          >
            <input
              type="radio"
              name="motion-preset"
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            <PreviewImage
              src={motionPreviewUrl(picId, option)}
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
  );
}

/** The price before confirming: included in a plan, or the points and the balance. */
export function MotionPrice({ member, cost, point }: { member: boolean; cost: number; point: number }) {
  const { t } = useTranslation();
  return (
    <p className="mt-3 text-sm text-stone-700" data-testid="motion-cost">
      {member || cost === 0 ? t("create.cost.memberIncluded") : t("create.cost.free", { count: cost, balance: point })}
    </p>
  );
}

/** Whether the moving copy goes to the community gallery. */
export function ShareChoice({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (shared: boolean) => void;
}) {
  return (
    <label className="mt-4 flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 accent-primary"
      />
      <span>{label}</span>
    </label>
  );
}
