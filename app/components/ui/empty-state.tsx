/**
 * A white card that says a list has nothing to show (or why it is closed), with one way on below it:
 * a link back, a button to make the first one, or "Sign in".
 */
export function EmptyState({ message, children }: { message: React.ReactNode; children?: React.ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-10 text-center ring-1 ring-stone-200">
      <p className="mb-4 text-lg text-stone-700">{message}</p>
      {children}
    </section>
  );
}
