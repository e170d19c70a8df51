import { useId } from "react";

/** What a field's control receives: spread it onto the `<input>` or `<textarea>`. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * A labelled form control with its error: the label points at the control, and the error text (shown
 * when `error` is set) is announced with it through `aria-describedby`, after any `describedBy` ids
 * (an intro the control is also described by). The control itself is the caller's, drawn by `children`.
 */
export function Field({
  label,
  labelClassName = "mb-1 block font-medium text-sm",
  error,
  describedBy,
  className,
  children,
}: {
  label: React.ReactNode;
  labelClassName?: string;
  error?: React.ReactNode;
  describedBy?: string;
  className?: string;
  children: (control: FieldControlProps) => React.ReactNode;
}) {
  const id = useId();
  const errorId = useId();
  const invalid = error !== undefined && error !== null && error !== false;
  const described = [describedBy, invalid ? errorId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children({ id, "aria-invalid": invalid ? true : undefined, "aria-describedby": described })}
      {invalid ? (
        <p id={errorId} className="mt-1 text-red-700 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
