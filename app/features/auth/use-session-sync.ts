import { useEffect, useRef } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { configureApiClient } from "#app/lib/api/client-state.ts";
import { broadcast, CHANNELS, listen } from "./channels.ts";
import { requestSignIn } from "./sign-in-request.ts";

/**
 * Keeps every tab's idea of the session in step (spec §4): a sign-in or sign-out elsewhere, or a
 * changed display name, reloads the user here; the tab that opened an e-mail link announces it;
 * AUTH_ERROR drops the user and asks to sign in again (spec §8).
 */
export function useSessionSync() {
  const revalidator = useRevalidator();
  // The revalidator changes identity on every render; the channels must stay open throughout.
  const revalidatorRef = useRef(revalidator);
  revalidatorRef.current = revalidator;
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    // Marks the page as interactive (browser tests wait for it before using the keyboard).
    document.documentElement.dataset.hydrated = "true";
    const refresh = () => void revalidatorRef.current.revalidate();
    const stops = [CHANNELS.finishLogin, CHANNELS.finishLogout, CHANNELS.loginByEmailSuccess, CHANNELS.userChanged].map((name) =>
      listen(name, refresh),
    );
    configureApiClient({
      onAuthError: () => {
        refresh();
        requestSignIn("session");
      },
    });
    return () => {
      for (const stop of stops) stop();
    };
  }, []);

  // The e-mail link lands on `<page>?login=email` in a new tab: tell the waiting tab, tidy the URL.
  const landedFromEmail = new URLSearchParams(location.search).get("login") === "email";
  useEffect(() => {
    if (!landedFromEmail) return;
    broadcast(CHANNELS.loginByEmailSuccess);
    broadcast(CHANNELS.finishLogin);
    const params = new URLSearchParams(location.search);
    params.delete("login");
    const search = params.size > 0 ? `?${params}` : "";
    void navigate(`${location.pathname}${search}${location.hash}`, { replace: true });
  }, [landedFromEmail, location.pathname, location.search, location.hash, navigate]);
}
