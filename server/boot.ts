import path from "node:path";
import { linkSealingKey } from "./accounts/email-login/seal.ts";
import { billingOptionsFromEnv } from "./billing/billing-options.ts";
import { createBilling } from "./billing/create-billing.ts";
import { type Config, parseConfig } from "./config.ts";
import type { AppContext } from "./context.ts";
import { openDatabase, pgliteFolderOf } from "./db/client.ts";
import { createLogger } from "./log.ts";
import { createMailer } from "./mail/mailer.ts";
import { connectRateLimitStore } from "./rate-limit.ts";
import { logSkippedItemsTo } from "./skipped-items.ts";
import { createStorage } from "./storage/create-storage.ts";
import { createTaskQueue } from "./tasks/task-queue.ts";

/** Everything a process needs before it serves: config, logger, migrated database, storage. */
export async function bootAppContext(
  env: Record<string, string | undefined> = process.env,
  overrides: { pgliteDir?: string; pgliteStart?: Blob } = {},
): Promise<AppContext> {
  const config: Config = parseConfig(env);
  const log = createLogger(config);
  logSkippedItemsTo(log);
  // Before the database: a public site without SMTP stops here (fails closed).
  const mail = createMailer(config, log);
  linkSealingKey(config);
  const dataDir = path.resolve(config.DATA_DIR);
  // Likewise a public site without Stripe keys: plans are never given away by the sandbox.
  const billingOptions = billingOptionsFromEnv(config, { publicUrl: config.PUBLIC_URL, localMode: config.localMode, dataDir });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: overrides.pgliteDir ?? pgliteFolderOf(dataDir),
    pgliteStart: overrides.pgliteStart,
    onIdleConnectionError: (error) => log.warn({ err: error }, "an idle database connection failed; the pool replaces it"),
  });
  log.info({ database: database.kind }, "database ready (migrations applied)");
  const storage = createStorage(config, dataDir);
  log.info(config.S3_BUCKET ? { storage: "s3", bucket: config.S3_BUCKET } : { storage: "local" }, "storage ready");
  if (config.REDIS_URL && !(await connectRateLimitStore(config))) {
    log.warn("Redis did not answer: rate limits are counted per process until it does");
  }
  const tasks = createTaskQueue(config, database, log);
  const billing = createBilling({ database, log }, billingOptions);
  log.info({ payments: billing.provider.name }, "billing ready");
  return { config, log, database, storage, mail, tasks, billing };
}
