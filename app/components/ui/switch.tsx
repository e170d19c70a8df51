import { useId } from "react";

export interface SwitchOption<V extends string> {
  value: V;
  label: React.ReactNode;
  /** Drawn before the label (e.g. the lock of "Private"). */
  icon?: React.ReactNode;
}

/**
 * A two-way (or few-way) choice drawn as a pill with a sliding white thumb: real radio buttons in a
 * fieldset, so arrows move between them and a screen reader reads the legend and the checked one.
 * `busy` marks the group while the choice is being saved (the sticker's and the pack's Public / Private).
 */
export function Switch<V extends string>({
  legend,
  legendClassName = "font-medium text-sm text-stone-500",
  options,
  value,
  onChange,
  busy = false,
  describedBy,
  className,
  children,
}: {
  legend: React.ReactNode;
  legendClassName?: string;
  options: SwitchOption<V>[];
  value: V;
  onChange: (value: V) => void;
  busy?: boolean;
  describedBy?: string;
  className?: string;
  /** Shown after the pill, inside the fieldset (a hint the group is described by). */
  children?: React.ReactNode;
}) {
  const name = useId();
  return (
    <fieldset aria-describedby={describedBy} aria-busy={busy || undefined} className={className}>
      <legend className={legendClassName}>{legend}</legend>
      <div className="inline-flex rounded-full bg-stone-100 p-1 ring-1 ring-stone-200">
        {options.map((option) => (
          <label
            key={option.value}
            className={`inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full px-4 font-medium text-sm has-focus-visible:outline-2 has-focus-visible:outline-primary ${
              value === option.value ? "bg-white text-stone-900 shadow-sm" : "text-stone-600 hover:text-stone-900"
            }`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.icon}
            {option.label}
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}

/**
 * Two (or more) buttons side by side, one pressed (`aria-pressed`), filling the width: the create
 * panel's "One sticker / A pack" and "Words / A picture". Buttons, not radios: each press acts at once.
 */
export function ToggleButtons<V extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: { value: V; label: React.ReactNode }[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className="grid grid-cols-2 gap-1 rounded-full bg-stone-100 p-1">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={`h-10 rounded-full font-medium text-sm transition ${
            value === option.value ? "bg-white text-stone-900 shadow-sm" : "text-stone-600 hover:text-stone-900"
          }`}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
