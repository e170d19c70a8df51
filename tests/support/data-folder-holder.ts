/**
 * A process that holds a data folder's embedded database as `npm start` does: it boots the app's
 * context on DATA_DIR (the PGlite folder on disk, migrations applied), prints "ready", and keeps it
 * until SIGTERM, when it closes the database and exits 0. SIGKILL leaves its lock behind, as a crash does.
 */
import { bootAppContext } from "#server/boot.ts";

const app = await bootAppContext();
process.once("SIGTERM", () => {
  void app.database.close().then(() => process.exit(0));
});
process.stdout.write("ready\n");
setInterval(() => undefined, 60_000);
