import type { Billing } from "./billing/billing-context.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { Logger } from "./log.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { Storage } from "./storage/storage.ts";
import type { TaskQueue } from "./tasks/task-queue.ts";

/** The long-lived parts of one server process, handed to every service call. */
export interface AppContext {
  config: Config;
  log: Logger;
  database: Database;
  storage: Storage;
  mail: Mailer;
  /** The job queue of sticker creation (started on first use). */
  tasks: TaskQueue;
  /** Plans and point packs: Stripe, or the local sandbox (decision 0011). */
  billing: Billing;
}

/** The signed-in user behind a request (accounts fill in the rest). */
export interface Viewer {
  userId: number;
  sessionId: number;
  signingKey: string;
}
