/**
 * Debian's Chromium (installed by .ci/run; nothing may download a browser here) and the flags it
 * needs on this closed network: without the background-networking ones it keeps dialling out.
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
