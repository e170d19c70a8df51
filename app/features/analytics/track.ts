import { apiCall } from "#app/lib/api/client.ts";

/** Records an analytics event; failures are swallowed (spec §7 POST /api/event). */
export function track(name: string, props?: Record<string, unknown>) {
  return apiCall<{ recorded: boolean }>("POST", "/api/event", {
    body: { name, path: location.pathname, ...(props ? { props } : {}) },
  }).catch(() => null);
}
