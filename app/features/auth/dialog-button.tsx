import { Suspense, useState } from "react";
import { requestSignIn, type SignInReason } from "./sign-in-request.ts";
import { useUser } from "./use-user.ts";

/**
 * A button that opens a dialog whose code loads on demand (docs/ARCHITECTURE.md, "First-load budget"):
 * the code starts loading when the pointer comes near or the button takes focus, and the dialog mounts
 * on the press. With `signIn`, a visitor gets the sign-in prompt for that reason instead.
 */
export function DialogButton({
  load,
  signIn,
  className,
  children,
  dialog,
  initiallyOpen = false,
}: {
  /** Starts loading the dialog's code (the `import()` its `lazy` component uses). */
  load: () => Promise<unknown>;
  signIn?: SignInReason;
  className: string;
  children: React.ReactNode;
  /** The dialog, given the way to close it. */
  dialog: (close: () => void) => React.ReactNode;
  /** Open from the start (a link that leads straight to the dialog). */
  initiallyOpen?: boolean;
}) {
  const user = useUser();
  const mayOpen = !signIn || user !== null;
  const [open, setOpen] = useState(initiallyOpen && mayOpen);
  return (
    <>
      <button
        type="button"
        onPointerEnter={mayOpen ? () => void load() : undefined}
        onFocus={mayOpen ? () => void load() : undefined}
        onClick={() => (mayOpen ? setOpen(true) : requestSignIn(signIn as SignInReason))}
        className={className}
      >
        {children}
      </button>
      {open ? <Suspense fallback={null}>{dialog(() => setOpen(false))}</Suspense> : null}
    </>
  );
}
