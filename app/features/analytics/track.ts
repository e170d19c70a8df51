import { api } from "#app/lib/api/api.ts";

/** Records an analytics event; failures are swallowed (spec §7 POST /api/event). */
export function track(name: string, props?: Record<string, unknown>) {
  return api.telemetry.event({ name, path: location.pathname, ...(props ? { props } : {}) }).catch(() => null);
}
