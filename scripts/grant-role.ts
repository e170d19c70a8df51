/**
 * `npm run grant-role -- <email> admin|moderator|none`: the only way to give or take a staff role
 * (decision 0031). Runs against the database the app would open (DATABASE_URL, else the
 * PGlite folder under DATA_DIR); with PGlite, stop the app first (one process at a time: while it runs,
 * this stops naming it).
 */
import { STAFF_ROLES } from "#common/moderation.ts";
import { parseConfig } from "#server/config.ts";
import { openDatabase, pgliteFolderOf } from "#server/db/client.ts";
import { FolderInUseError } from "#server/db/pglite-folder-lock.ts";
import { grantRole } from "#server/moderation/grant-role.ts";

const [email, role] = process.argv.slice(2);
const roles = [...STAFF_ROLES, "none"] as const;
if (!email || !roles.includes(role as (typeof roles)[number])) {
  process.stderr.write("usage: npm run grant-role -- <email> admin|moderator|none\n");
  process.exit(2);
}
const config = parseConfig(process.env);
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: pgliteFolderOf(config.DATA_DIR) }).catch(
  (error: unknown) => {
    // The app holds the embedded database (decision 0038): say so instead of a stack.
    if (!(error instanceof FolderInUseError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  },
);
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
