import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { track } from "../analytics/track.ts";

type State = "running" | "ok" | "failed";

/** Records the page view with a signed call and shows whether the studio answered. */
export function ConnectionCheck() {
  const { t } = useTranslation();
  const [state, setState] = useState<State>("running");
  useEffect(() => {
    let live = true;
    void track("page_view").then((answer) => {
      if (live) setState(answer?.recorded ? "ok" : "failed");
    });
    return () => {
      live = false;
    };
  }, []);
  const text = { running: "home.serverCheckRunning", ok: "home.serverCheckOk", failed: "home.serverCheckFailed" }[state];
  return (
    <p
      role="status"
      data-state={state}
      className="inline-flex items-center gap-2 rounded-full bg-primary-light px-4 py-2 text-sm text-primary-dark"
    >
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${state === "ok" ? "bg-green-600" : state === "failed" ? "bg-red-600" : "bg-amber-500"}`}
      />
      <span className="sr-only">{t("home.serverCheck")}: </span>
      {t(text)}
    </p>
  );
}
