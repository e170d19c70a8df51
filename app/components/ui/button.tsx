import { forwardRef } from "react";

/**
 * How a button looks. Each is one complete look (colour, weight, ring, hover), so a call site never
 * overrides one of its classes; `className` adds only layout (width, margins, shrink).
 * - primary: the filled brown action (submit, "Sign in", "Create pack").
 * - secondary: a grey outline on a tinted panel ("Make another").
 * - outline: the brown outline beside a primary ("Sign in" on an error page, "See your plan").
 * - quiet: no ring, words only (a dialog's Cancel or Close).
 * - pill: a white outlined pill in a page's action row (report, delete pack).
 * - danger: the filled red action that cannot be undone (delete the account).
 * - cta: the create panel's large Generate.
 */
export type ButtonVariant = "primary" | "secondary" | "outline" | "quiet" | "pill" | "danger" | "cta";
/** Height and side padding: md and md-* are 40 px high, lg and lg-* 44 px; -wide and -narrow pad more or less. */
export type ButtonSize = "md" | "md-wide" | "md-narrow" | "lg" | "lg-narrow";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-primary-dark font-medium text-white hover:bg-primary-darker disabled:opacity-60",
  secondary: "font-medium ring-1 ring-stone-300 hover:bg-white disabled:opacity-60",
  outline: "font-medium text-primary-dark ring-1 ring-primary-dark hover:bg-primary-light disabled:opacity-60",
  quiet: "text-stone-700 hover:bg-stone-100 disabled:opacity-60",
  pill: "gap-2 bg-white font-medium text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-60",
  danger: "bg-red-700 font-medium text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-50",
  cta: "gap-2 bg-primary-dark py-2 text-center font-semibold text-lg text-white leading-tight hover:bg-primary-darker disabled:cursor-not-allowed disabled:opacity-50",
};

const SIZES: Record<ButtonSize, string> = {
  md: "h-10 px-5",
  "md-wide": "h-10 px-6",
  "md-narrow": "h-10 px-4",
  lg: "h-11 px-6",
  "lg-narrow": "h-11 px-4",
};

/** The cta is as tall as its words need (at least 48 px), whatever the size. */
const CTA_SIZE = "min-h-12 px-4";

const BASE =
  "inline-flex items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";

/** The classes of a button-looking element: for a `<Link>` or `<a>` that must look like a `Button`. */
export function buttonClass({
  variant = "primary",
  size = "md",
  className = "",
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}): string {
  return `${BASE} ${variant === "cta" ? CTA_SIZE : SIZES[size]} ${VARIANTS[variant]}${className ? ` ${className}` : ""}`;
}

/** A small turning circle, in the button's text colour, shown while a button's action runs. */
export function Spinner({ className = "size-5 border-white/40 border-t-white" }: { className?: string }) {
  return <span aria-hidden="true" className={`inline-block shrink-0 animate-spin rounded-full border-2 ${className}`} />;
}

export type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * An action under way: the button is disabled and says so (`aria-busy`); `busyLabel` replaces its
   * words meanwhile (e.g. "Sending…"), and `spinner` shows the turning circle before them.
   */
  busy?: boolean;
  busyLabel?: React.ReactNode;
  spinner?: boolean;
};

/** The app's button: `type="button"` unless told, one of the looks above, and an optional busy state. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = "primary",
    size = "md",
    busy = false,
    busyLabel,
    spinner = false,
    className,
    type = "button",
    disabled,
    children,
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={buttonClass({ variant, size, className })}
      {...rest}
    >
      {busy && spinner ? <Spinner /> : null}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
});
