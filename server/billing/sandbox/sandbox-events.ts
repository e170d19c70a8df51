import type { BillingEvent } from "../billing-provider.ts";
import type { SandboxStore } from "./sandbox-store.ts";

/** The sandbox's stand-in for Stripe's webhooks: events handed, one at a time and in order, to billing's handler. */
export interface SandboxEvents {
  connect(handler: (event: BillingEvent) => Promise<unknown>): void;
  /** Reports an event; awaited by the sandbox pages, left queued when a provider call made the change. */
  emit(type: string, objectId: string): Promise<unknown>;
  /** Settles when every event reported so far has been handled. */
  drain(): Promise<void>;
}

export function createSandboxEvents(
  store: Pick<SandboxStore, "newId">,
  onDeliveryError?: (error: unknown, event: BillingEvent) => void,
): SandboxEvents {
  let handler: ((event: BillingEvent) => Promise<unknown>) | null = null;
  let pending: Promise<unknown> = Promise.resolve();
  return {
    connect(next) {
      handler = next;
    },
    emit(type, objectId) {
      const event: BillingEvent = { id: store.newId("evt"), type, objectId };
      const delivery = pending.then(async () => {
        if (!handler) return;
        try {
          await handler(event);
        } catch (error) {
          onDeliveryError?.(error, event);
        }
      });
      pending = delivery;
      return delivery;
    },
    async drain() {
      let last: Promise<unknown>;
      do {
        last = pending;
        await last;
      } while (last !== pending);
    },
  };
}
