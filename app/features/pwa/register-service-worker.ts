/**
 * Registers /sw.js (decision 0045) and hands it the build files this page loaded before it ran, so
 * they are kept too. Called after the page's `load` (use-installable-app.ts).
 */
export async function registerServiceWorker() {
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  const ready = await navigator.serviceWorker.ready;
  const urls = performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((name) => new URL(name).pathname.startsWith("/assets/"));
  ready.active?.postMessage({ type: "keep-assets", urls });
  return registration;
}
