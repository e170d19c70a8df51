import { useEffect } from "react";
import { useLocation } from "react-router";
import { registerServiceWorker } from "./register-service-worker.ts";
import { countVisit } from "./visits.ts";

/**
 * Every page: counts the visit (install offer's moment), and once the page has loaded registers the
 * service worker (decision 0045). The registration is a few lines, kept with this hook: its own script
 * would cost a request on every first load. The production build only: the
 * dev server's files change under the same names.
 */
export function useInstallableApp() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname) countVisit();
  }, [pathname]);
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    const register = () => {
      registerServiceWorker().catch(() => {
        // No worker (storage refused, a private window): the site works as a plain page.
      });
    };
    if (document.readyState === "complete") {
      register();
      return;
    }
    window.addEventListener("load", register, { once: true });
    return () => window.removeEventListener("load", register);
  }, []);
}
