/**
 * A child process that starts as a web process does before it listens (boot with migrations, the
 * first-start seed, the job queue), prints its seed report as one JSON line, and exits 0.
 */
import { bootAppContext } from "#server/boot.ts";
import { seedOnFirstStart } from "#server/seed/seed-on-first-start.ts";

const app = await bootAppContext();
const { report, rest } = await seedOnFirstStart(app);
const restMade = await rest;
await app.tasks.boss();
await app.tasks.stop(1000);
await app.database.close();
process.stdout.write(`${JSON.stringify({ seed: report, restMade })}\n`);
process.exit(0);
