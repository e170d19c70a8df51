/**
 * `npm run grant-role -- <email> admin|moderator|none`: the only way to give or take a staff role
 * (issue 16, decision 0031). Runs against the database the app would open (DATABASE_URL, else the
 * PGlite folder under DATA_DIR); with PGlite, stop the app first (one process at a time).
 */
import path from "node:path";
import { STAFF_ROLES } from "#common/moderation.ts";
import { parseConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { grantRole } from "#server/moderation/grant-role.ts";

const [email, role] = process.argv.slice(2);
const roles = [...STAFF_ROLES, "none"] as const;
if (!email || !roles.includes(role as (typeof roles)[number])) {
  process.stderr.write("usage: npm run grant-role -- <email> admin|moderator|none\n");
  process.exit(2);
}
const config = parseConfig(process.env);
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(path.resolve(config.DATA_DIR), "pglite") });
try {
  const userId = await grantRole(database.db, { email, role: role as (typeof roles)[number] });
  if (userId === null) {
    process.stderr.write(`no account uses ${email}: sign in once first\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(`${email} (user ${userId}) is now ${role === "none" ? "without a staff role" : `a ${role}`}\n`);
  }
} finally {
  await database.close();
}
