import { bootAppContext } from "./boot.ts";
import { ConfigError } from "./config.ts";

/**
 * `npm run worker`: a process that only runs background jobs, against the same database as the web
 * processes. Sticker creation registers its job handlers here; until then it boots, migrates and waits.
 */
try {
  const app = await bootAppContext();
  app.log.info({ database: app.database.kind }, "worker ready");
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, "worker stopping");
      void app.database.close().then(() => process.exit(0));
    });
  }
  setInterval(() => undefined, 60_000);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
