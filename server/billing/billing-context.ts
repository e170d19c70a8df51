import type { Database } from "../db/client.ts";
import type { Logger } from "../log.ts";
import type { BillingOptions } from "./billing-options.ts";
import type { BillingProvider } from "./billing-provider.ts";
import type { SandboxProvider } from "./sandbox/sandbox-provider.ts";

/** Billing's long-lived parts: one per process, chosen at boot (createBilling). */
export interface Billing {
  options: BillingOptions;
  provider: BillingProvider;
  /** The sandbox's own actions (pay, decline, portal…) when it is the provider, else null. */
  sandbox: SandboxProvider | null;
}

/** What billing needs of the app: AppContext satisfies it once it carries `billing`. */
export interface BillingContext {
  database: Pick<Database, "db">;
  log: Pick<Logger, "info" | "warn" | "error">;
  billing: Billing;
}
