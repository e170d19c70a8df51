import { Link } from "react-router";
import { requestSignIn } from "../auth/sign-in-request.ts";
import { useUser } from "../auth/use-user.ts";

const primary =
  "inline-flex h-11 items-center rounded-full bg-primary-dark px-6 font-medium text-white hover:bg-primary-darker focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";
const secondary =
  "inline-flex h-11 items-center rounded-full px-6 font-medium text-primary-dark ring-1 ring-primary-dark hover:bg-primary-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";

/**
 * The ways out of a dead end (/notAvailable, the error pages; issue 18): home, and for a visitor the
 * sign-in (what was refused may be theirs). `signIn` is false where no page shell listens for the
 * request (the root error boundary), so the button is never one that does nothing.
 */
export function WaysBack({
  home,
  homeLabel,
  signInLabel,
  signIn = true,
  replace = false,
}: {
  home: string;
  homeLabel: string;
  signInLabel: string;
  signIn?: boolean;
  replace?: boolean;
}) {
  const user = useUser();
  return (
    <nav className="mt-4 flex flex-wrap items-center justify-center gap-3">
      <Link to={home} replace={replace} className={primary}>
        {homeLabel}
      </Link>
      {signIn && user === null ? (
        <button type="button" onClick={() => requestSignIn("header")} className={secondary}>
          {signInLabel}
        </button>
      ) : null}
    </nav>
  );
}
