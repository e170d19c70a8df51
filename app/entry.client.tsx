import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isLanguage } from "#common/languages.ts";
import { installErrorReporting } from "./features/errors/report-error.ts";
import { listenForInstallOffer } from "./features/pwa/install-offer.ts";
import { loadCatalog } from "./i18n/page-catalog.ts";
import { loadShownParts } from "./lib/page-parts.tsx";

installErrorReporting();
// The browser may offer the install before hydration; the offer is kept for its moment (decision 0045).
listenForInstallOffer();

/**
 * Hydration waits for the first frame: the server's HTML is complete, so the visitor sees it painted
 * before React walks the tree (decision 0023). The modules usually arrive before the parser is done,
 * and hydrating at once would hold the first paint behind that work on a slow phone.
 */
function afterFirstPaint(run: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  // A tab opened in the background draws no frame until it is shown: hydrate it anyway.
  setTimeout(once, 250);
}

/**
 * The page's catalog is a file of its own (decision 0055), asked for by the head's preload with the
 * modules, and the page parts its HTML shows are scripts of their own (decision 0056): both are in
 * before the page hydrates. Without them (the connection dropped) the page cannot hydrate: it stays
 * the server's HTML, whose links work as plain navigations.
 */
function withPageFiles(run: () => void) {
  const root = document.documentElement;
  const address = root.dataset.catalog;
  const language = root.lang;
  const catalog = address && isLanguage(language) ? loadCatalog(language, address) : undefined;
  Promise.all([catalog, loadShownParts()]).then(run, () => undefined);
}

withPageFiles(() =>
  afterFirstPaint(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  }),
);
