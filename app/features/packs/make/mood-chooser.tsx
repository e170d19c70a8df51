import { useTranslation } from "#app/i18n/i18n.tsx";
import { MOODS, type MoodId } from "#common/packs.ts";

/**
 * The moods of a pack made in one go (decision 0026): 12 chips, each a real checkbox (Tab to reach,
 * Space to toggle), the first 8 chosen to start with; fewer than 2 cannot be submitted.
 */
export function MoodChooser({ value, onChange }: { value: MoodId[]; onChange: (moods: MoodId[]) => void }) {
  const { t } = useTranslation();
  const chosen = new Set(value);
  return (
    <fieldset className="space-y-2" data-testid="mood-chooser">
      <legend className="font-semibold text-lg">{t("packMake.moodsLegend")}</legend>
      <p className="text-sm text-stone-600">{t("packMake.moodsHint")}</p>
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
                  const next = event.target.checked ? [...value, mood.id] : value.filter((id) => id !== mood.id);
                  onChange(MOODS.map((m) => m.id).filter((id) => next.includes(id)));
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
