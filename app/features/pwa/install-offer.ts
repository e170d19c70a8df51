/**
 * The browser's offer to install the app (`beforeinstallprompt`, Chromium's; decision 0045), kept
 * for the moment the site chooses instead of the browser's own banner. It is listened for from the
 * first script (app/entry.client.tsx): the browser may send it before the page has hydrated.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function changed(next: InstallPromptEvent | null) {
  offer = next;
  for (const listener of listeners) listener();
}

export function listenForInstallOffer() {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    changed(event as InstallPromptEvent);
  });
  window.addEventListener("appinstalled", () => changed(null));
}

export function currentInstallOffer(): InstallPromptEvent | null {
  return offer;
}

/** Hands the offer over once (a prompt may be shown only once per event). */
export function takeInstallOffer(): InstallPromptEvent | null {
  const taken = offer;
  changed(null);
  return taken;
}

export function onInstallOfferChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
