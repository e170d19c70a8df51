import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { AppError } from "#common/errors.ts";
import type { PaidPlanId } from "#common/plans.ts";
import type { CheckoutItem, ProviderInvoice } from "../billing-provider.ts";
import type { SubscriptionStatus } from "../membership.ts";

/**
 * The sandbox's "provider side" (customers, checkouts, subscriptions, invoices, portal sessions), kept
 * apart from the app's tables; a JSON file keeps it across restarts when one is given.
 */

export interface SandboxCheckout {
  id: string;
  userId: number;
  customerId: string;
  item: CheckoutItem;
  successUrl: string;
  cancelUrl: string;
  status: "open" | "complete" | "expired";
  paymentStatus: "unpaid" | "paid";
  subscriptionId: string | null;
  amountTotal: number;
}

export interface SandboxSubscription {
  id: string;
  customerId: string;
  userId: number;
  planId: PaidPlanId;
  priceId: string;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: number;
  trialStart: number | null;
  trialEnd: number | null;
}

export interface SandboxState {
  seq: number;
  customers: Record<string, { id: string; userId: number; email: string | null }>;
  checkouts: Record<string, SandboxCheckout>;
  subscriptions: Record<string, SandboxSubscription>;
  invoices: Record<string, ProviderInvoice>;
  portals: Record<string, { id: string; customerId: string; returnUrl: string }>;
}

export interface SandboxStore {
  state: SandboxState;
  now: () => number;
  /** Writes the state file (atomically), when there is one. */
  save(): void;
  newId(prefix: string): string;
  /** An absolute URL on the site for a path. */
  url(pathname: string): string;
  subscriptionOf(id: string): SandboxSubscription;
  checkoutOf(id: string): SandboxCheckout;
  portalOf(id: string): SandboxState["portals"][string];
}

export function createSandboxStore(options: {
  publicUrl: string;
  stateFile?: string | undefined;
  now?: () => number;
}): SandboxStore {
  const state = loadState(options.stateFile);
  const found = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new AppError("PAYMENT_PROVIDER_ERROR", `no sandbox ${what}`);
    return value;
  };
  return {
    state,
    now: options.now ?? Date.now,
    save() {
      if (!options.stateFile) return;
      mkdirSync(path.dirname(options.stateFile), { recursive: true });
      const temporary = `${options.stateFile}.tmp`;
      writeFileSync(temporary, JSON.stringify(state));
      renameSync(temporary, options.stateFile);
    },
    newId: (prefix) => `${prefix}_sandbox_${(++state.seq).toString(36)}${randomBytes(6).toString("hex")}`,
    url: (pathname) => `${options.publicUrl.replace(/\/+$/, "")}${pathname}`,
    subscriptionOf: (id) => found(state.subscriptions[id], `subscription ${id}`),
    checkoutOf: (id) => found(state.checkouts[id], `checkout ${id}`),
    portalOf: (id) => found(state.portals[id], `portal session ${id}`),
  };
}

function loadState(file: string | undefined): SandboxState {
  const empty: SandboxState = { seq: 0, customers: {}, checkouts: {}, subscriptions: {}, invoices: {}, portals: {} };
  if (!file || !existsSync(file)) return empty;
  try {
    return { ...empty, ...(JSON.parse(readFileSync(file, "utf8")) as Partial<SandboxState>) };
  } catch {
    return empty;
  }
}
