/**
 * Toasts load on demand (docs/ARCHITECTURE.md, "First-load budget"): the first toast asks the layout to mount
 * the toaster, waits for it, then shows.
 */
export const TOASTER_NEEDED_EVENT = "sticker:toaster-needed";

let markReady: () => void = () => undefined;
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the layout's toaster once it is on the page. */
export function toasterMounted() {
  markReady();
}

type Sonner = typeof import("sonner");

function show(draw: (toast: Sonner["toast"]) => void) {
  window.dispatchEvent(new Event(TOASTER_NEEDED_EVENT));
  void Promise.all([import("sonner"), toasterReady]).then(([{ toast }]) => draw(toast));
}

/** An error's toast; its rules (spec §8, `app/lib/api/error-toast.ts`) load with the first error, not with every page. */
export function toastError(error: unknown, t: (key: string) => string) {
  const storage = typeof sessionStorage === "undefined" ? null : sessionStorage;
  void import("./api/error-toast.ts").then(({ toastMessageFor }) => {
    const message = toastMessageFor(error, t, storage);
    if (message) show((toast) => toast.error(message));
  });
}

export function toastWarning(message: string) {
  show((toast) => toast.warning(message));
}

/** `id` replaces the toast of that id (a progress toast's end), else a new one shows. */
export function toastSuccess(message: string, id?: string) {
  show((toast) => toast.success(message, id ? { id } : undefined));
}

/** A toast that stays while something runs; calling it again with the same `id` updates it in place. */
export function toastProgress(id: string, message: string) {
  show((toast) => toast.loading(message, { id }));
}

export function toastDismiss(id: string) {
  show((toast) => toast.dismiss(id));
}
