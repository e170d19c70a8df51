import { useEffect } from "react";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { MOODS, type MoodId, PACK_MOODS_DEFAULT, PACK_MOODS_MIN } from "#common/packs.ts";

/** The moods chosen and whether they are enough to make a pack (at least PACK_MOODS_MIN). */
export interface MoodChoice {
  moods: MoodId[];
  enough: boolean;
}

const choiceOf = (moods: MoodId[]): MoodChoice => ({ moods, enough: moods.length >= PACK_MOODS_MIN });

/**
 * The moods of a pack made in one go (decision 0026): 12 chips, each a real checkbox (Tab to reach,
 * Space to toggle), the first 8 chosen to start with (null until then: the panel holds no mood list
 * of its own, so the home page does not load it); fewer than 2 cannot be submitted.
 */
export function MoodChooser({ value, onChange }: { value: MoodChoice | null; onChange: (choice: MoodChoice) => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (value === null) onChange(choiceOf(MOODS.slice(0, PACK_MOODS_DEFAULT).map((mood) => mood.id)));
  }, [value, onChange]);
  const chosen = new Set(value?.moods ?? []);
  return (
    <fieldset className="space-y-2" data-testid="mood-chooser">
      <legend className="font-semibold text-lg">{t("packs.make.moodsLegend")}</legend>
      <p className="text-sm text-stone-600">{t("packs.make.moodsHint")}</p>
      <div className="flex flex-wrap gap-2">
        {MOODS.map((mood) => {
          const on = chosen.has(mood.id);
          return (
            <label
              key={mood.id}
              className={`inline-flex h-10 cursor-pointer items-center gap-1.5 rounded-full px-3 text-sm ring-1 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${
                on ? "bg-primary-light font-medium text-primary-ink ring-primary-dark" : "bg-white text-stone-700 ring-stone-300"
              }`}
            >
              <input
                type="checkbox"
                className="sr-only"
                checked={on}
                onChange={(event) => {
                  const before = value?.moods ?? [];
                  const next = event.target.checked ? [...before, mood.id] : before.filter((id) => id !== mood.id);
                  onChange(choiceOf(MOODS.map((m) => m.id).filter((id) => next.includes(id))));
                }}
              />
              <span aria-hidden="true">{mood.emoji}</span>
              {t(`moods.${mood.id}`)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
