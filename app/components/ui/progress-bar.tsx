/**
 * A progress bar from 0 to 100, named by the element `labelledBy` points at (the stage in words).
 * `least` keeps a sliver showing before the first progress, so a started job never looks idle.
 */
export function ProgressBar({ value, labelledBy, least = 0 }: { value: number; labelledBy: string; least?: number }) {
  return (
    <div
      role="progressbar"
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="h-3 overflow-hidden rounded-full bg-stone-200"
    >
      <div
        className="h-full rounded-full bg-primary transition-[width] duration-300"
        style={{ width: `${Math.max(least, value)}%` }}
      />
    </div>
  );
}
