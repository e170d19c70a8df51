/** A checkbox with its words beside it, 40 px tall to tap, its focus ring around both. */
export function Checkbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="inline-flex min-h-10 cursor-pointer items-center gap-2 text-sm has-focus-visible:outline-2 has-focus-visible:outline-primary">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-primary-dark"
      />
      {label}
    </label>
  );
}
