import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";
import { startVitals, vitalsView } from "./web-vitals.ts";

/**
 * Every page: its Core Web Vitals go to `/metrics` (decision 0054). Each path is a view named by the
 * page's route id (`english/sticker`: the server turns it into the route's pattern); measuring starts
 * after the page's load, never before its first paint.
 */
export function useWebVitals() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const routeId = matches[matches.length - 1]?.id ?? "";
  useEffect(() => {
    vitalsView(routeId, pathname);
  }, [routeId, pathname]);
  useEffect(() => {
    if (document.readyState === "complete") {
      startVitals();
      return;
    }
    window.addEventListener("load", startVitals, { once: true });
    return () => window.removeEventListener("load", startVitals);
  }, []);
}
