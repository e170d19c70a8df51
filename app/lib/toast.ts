import { HAS_CATCH_ERROR_KEY, toastMessageFor } from "./api/error-toast.ts";

/** Toasts load on demand so the first page stays light (ARCHITECTURE.md, first-load budget). */
const loadSonner = () => import("sonner");

export function toastError(error: unknown, t: (key: string) => string) {
  const message = toastMessageFor(error, t, typeof sessionStorage === "undefined" ? null : sessionStorage);
  if (message) void loadSonner().then(({ toast }) => toast.error(message));
}

export function toastWarning(message: string) {
  void loadSonner().then(({ toast }) => toast.warning(message));
}

export function toastSuccess(message: string) {
  void loadSonner().then(({ toast }) => toast.success(message));
}

export { HAS_CATCH_ERROR_KEY };
