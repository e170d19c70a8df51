/** Opens the account deletion dialog from the account menu (the dialog lives in the site shell). */
const EVENT = "sticker:request-account-deletion";

export function requestAccountDeletion() {
  window.dispatchEvent(new Event(EVENT));
}

export function onAccountDeletionRequest(listener: () => void) {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}

/** Whether the typed text confirms: the address shown, in any case, spaces around it ignored (as the server checks). */
export function confirmsDeletion(typed: string, confirmation: string): boolean {
  return typed.trim().toLowerCase() === confirmation.toLowerCase();
}

/** Where "Download my data" is: idle, asking for the archive, or receiving it (bytes so far). */
export type MyDataDownload = { phase: "idle" } | { phase: "preparing" } | { phase: "receiving"; bytes: number };

const IDLE: MyDataDownload = { phase: "idle" };
let download: MyDataDownload = IDLE;
const watchers = new Set<() => void>();

/** The download's state, for the menu item (`useSyncExternalStore`) and the download itself. */
export const myDataDownload = {
  current: (): MyDataDownload => download,
  idle: (): MyDataDownload => IDLE,
  set(next: MyDataDownload) {
    download = next.phase === "idle" ? IDLE : next;
    for (const watch of watchers) watch();
  },
  subscribe(watch: () => void) {
    watchers.add(watch);
    return () => {
      watchers.delete(watch);
    };
  },
};

/** "12.3 MB" in the page's language. */
export function sizeText(bytes: number, language: string): string {
  const small = bytes < 1_000_000;
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit: small ? "kilobyte" : "megabyte",
    maximumFractionDigits: 1,
  }).format(small ? bytes / 1000 : bytes / 1_000_000);
}

/** "Download my data", its code loaded with the first use; one at a time, shown at once as preparing. */
export function downloadMyDataLater(t: (key: string, vars?: Record<string, string | number>) => string) {
  if (download.phase !== "idle") return;
  myDataDownload.set({ phase: "preparing" });
  import("./download-my-data.ts").then(({ downloadMyData }) => downloadMyData(t)).catch(() => myDataDownload.set(IDLE));
}
