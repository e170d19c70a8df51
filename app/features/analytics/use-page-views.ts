import { useEffect } from "react";
import { useLocation } from "react-router";
import { track } from "./track.ts";

/** One page_view event per visited path (POST /api/event; failures are swallowed). */
export function usePageViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    void track("page_view", { path: pathname });
  }, [pathname]);
}
