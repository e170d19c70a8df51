import { useEffect, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { basePathOf } from "#app/i18n/language-of-path.ts";
import { isLanguage } from "#common/languages.ts";
import { requestSignIn } from "../auth/sign-in-request.ts";
import { useUser } from "../auth/use-user.ts";
import { ERROR_TEXT_FALLBACK, errorPageTypeOf, isOfflineError } from "./error-meta.ts";

function watchConnection(changed: () => void) {
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  return () => {
    window.removeEventListener("online", changed);
    window.removeEventListener("offline", changed);
  };
}

/** Whether the browser says it is online; the server's render (and hydration) assume it is. */
function useOnline(): boolean {
  return useSyncExternalStore(
    watchConnection,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Whether a route's error came from being offline (`isOfflineError`). Once seen for an error it holds
 * for that error when the connection returns: the page still lacks what failed, and Try again loads it.
 */
export function useOfflineError(error: unknown): boolean {
  const offline = isOfflineError(error, useOnline());
  const [seen, setSeen] = useState<unknown>(null);
  useEffect(() => {
    if (offline) setSeen(() => error);
  }, [offline, error]);
  return offline || (seen !== null && seen === error);
}

/**
 * What a page that could not load while the browser is offline shows (decision 0045): the offline
 * page's words, and Try again, which loads the address in full (the service worker answers it with the
 * offline page while the network is still off).
 */
export function OfflineView() {
  const { t } = useTranslation();
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center"
    >
      <h1 className="font-semibold text-2xl">{t("pwa.offline.title")}</h1>
      <p className="text-stone-600">{t("pwa.offline.text")}</p>
      <Button size="lg" className="mt-4" onClick={() => window.location.reload()}>
        {t("pwa.offline.retry")}
      </Button>
    </main>
  );
}

/**
 * The error page body (spec §2 /error/{type}): status title, the catalog message asked for (a key
 * under `errors.`, decision 0013) or the status text, the request id when known, back home and, to
 * a visitor, sign in (decision 0029; `signIn: false` where no page shell could open the sign-in).
 */
export function ErrorView({
  status,
  messageKey,
  requestId,
  signIn = true,
}: {
  status: number;
  messageKey?: string | undefined;
  requestId?: string | undefined;
  signIn?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const type = errorPageTypeOf(status);
  const say = (key: string, values?: Record<string, string>) => {
    const text = t(key, values);
    return text === key ? (ERROR_TEXT_FALLBACK[key] ?? key).replace("{{id}}", values?.id ?? "") : text;
  };
  const message = messageKey?.startsWith("errors.") && t(messageKey) !== messageKey ? t(messageKey) : null;
  const language = isLanguage(i18n?.language) ? i18n.language : "en";
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center"
    >
      <p className="font-bold text-6xl text-primary" aria-hidden="true">
        {type}
      </p>
      <h1 className="font-semibold text-2xl">{say(`error.${type}.title`)}</h1>
      <p className="text-stone-600">{message ?? say(`error.${type}.text`)}</p>
      {requestId ? (
        <p className="text-sm text-stone-500" data-testid="request-id">
          {say("error.requestId", { id: requestId })}
        </p>
      ) : null}
      <WaysBack
        home={basePathOf(language) || "/"}
        replace={type === 404}
        homeLabel={say("error.backHome")}
        signInLabel={say("error.signIn")}
        signIn={signIn}
      />
    </main>
  );
}

/**
 * The ways out of a dead end (/notAvailable, the error pages; decision 0029): home, and for a visitor the
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
      <Link to={home} replace={replace} className={buttonClass({ size: "lg" })}>
        {homeLabel}
      </Link>
      {signIn && user === null ? (
        <Button variant="outline" size="lg" onClick={() => requestSignIn("header")}>
          {signInLabel}
        </Button>
      ) : null}
    </nav>
  );
}
