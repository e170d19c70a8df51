import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { api } from "#app/lib/api/api.ts";
import { toastError } from "#app/lib/toast.ts";
import { inviteCodeFromCookie } from "../invites/share-request.ts";
import { broadcast, CHANNELS } from "./channels.ts";

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; nonce: string; callback: (response: { credential: string }) => void }): void;
      renderButton(element: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

const SCRIPT = "https://accounts.google.com/gsi/client";
let loading: Promise<GoogleIdentity> | null = null;

function loadGoogleIdentity(): Promise<GoogleIdentity> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT;
    script.async = true;
    script.onload = () => {
      const google = (window as unknown as { google?: GoogleIdentity }).google;
      if (google) resolve(google);
      else reject(new Error("Google sign-in did not load"));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error("Google sign-in could not load"));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * The Google Identity Services button (spec §4): its ID token goes to /api/googleLogin with the invite
 * code from the `inviteCode` cookie; the server verifies it and sets the session. Google puts the
 * server's one-use nonce (/api/googleNonce, decision 0013) into the token.
 */
export function GoogleButton({
  clientId,
  language,
  onSignedIn,
}: {
  clientId: string;
  language: string;
  onSignedIn: (email: string) => void;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const holder = useRef<HTMLDivElement>(null);
  const done = useRef(onSignedIn);
  done.current = onSignedIn;
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    let live = true;
    Promise.all([loadGoogleIdentity(), api.account.googleNonce()])
      .then(([google, { nonce }]) => {
        if (!live || !holder.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          nonce,
          callback: ({ credential }) => {
            api.account
              .googleSignIn({ idToken: credential, invCode: inviteCodeFromCookie() })
              .then((user) => {
                broadcast(CHANNELS.finishLogin);
                void revalidate.current();
                done.current(user.email ?? "");
              })
              .catch((error: unknown) => toastError(error, t));
          },
        });
        google.accounts.id.renderButton(holder.current, {
          theme: "outline",
          size: "large",
          shape: "pill",
          width: 320,
          locale: language,
        });
      })
      .catch((error: unknown) => toastError(error, t));
    return () => {
      live = false;
    };
  }, [clientId, language, t]);

  return <div ref={holder} className="flex min-h-11 justify-center" />;
}
