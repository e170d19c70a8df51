import { useId, useState } from "react";
import { useTranslation } from "#app/i18n/i18n.tsx";
import type { StyleItem } from "#common/styles.ts";
import { thumbSrcSet } from "../stickers/sticker-image.ts";

/** The style choice: the first styles (spec §9: up to 8), and every style behind "More styles". */
export function StylePicker({
  styles,
  firstCount,
  value,
  onChange,
}: {
  styles: StyleItem[];
  firstCount: number;
  value: number | null;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation();
  const legend = useId();
  const [showAll, setShowAll] = useState(false);
  if (styles.length === 0) return null;
  // The chosen style stays visible even when it is not among the first ones.
  const chosenIndex = styles.findIndex((style) => style.id === value);
  const shown =
    showAll || chosenIndex < firstCount
      ? styles.slice(0, showAll ? styles.length : firstCount)
      : [...styles.slice(0, firstCount - 1), styles[chosenIndex] as StyleItem];
  return (
    <fieldset>
      <div className="mb-2 flex items-center justify-between">
        <legend id={legend} className="font-semibold">
          {t("create.style")}
        </legend>
        {styles.length > firstCount ? (
          <button
            type="button"
            aria-expanded={showAll}
            onClick={() => setShowAll((all) => !all)}
            className="text-sm text-stone-600 underline-offset-4 hover:underline"
          >
            {showAll ? t("create.fewerStyles") : t("create.moreStyles", { count: styles.length })}
          </button>
        ) : null}
      </div>
      <div className="grid grid-cols-4 gap-2 md:grid-cols-8">
        {shown.map((style) => (
          <label
            key={style.id}
            className={`cursor-pointer rounded-xl p-1 text-center text-xs ring-2 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${
              style.id === value ? "bg-primary-light ring-primary" : "ring-transparent hover:bg-stone-100"
            }`}
          >
            <input
              type="radio"
              name="style"
              value={style.id}
              checked={style.id === value}
              onChange={() => onChange(style.id)}
              className="sr-only"
            />
            {style.previewUrl ? (
              <img
                src={style.previewUrl}
                srcSet={thumbSrcSet(style.previewUrl)}
                sizes="64px"
                alt=""
                width={64}
                height={64}
                loading="lazy"
                className="mx-auto aspect-square w-full max-w-16"
              />
            ) : null}
            <span className="mt-1 block truncate">{style.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
