/**
 * `npm run restore -- <file> [--force]`: puts a backup made by `npm run backup` back into the data
 * folder (decision 0038). Stop the app first. It checks the archive (manifest, counts, the database
 * itself) before it changes anything; a data folder that already holds a database or files is
 * replaced only with --force, and then moved aside to `$DATA_DIR/before-restore-…`, never deleted.
 */
import { BackupError, backupSiteOf } from "#server/backup/backup-site.ts";
import { describeManifest } from "#server/backup/manifest.ts";
import { restoreBackup } from "#server/backup/restore-backup.ts";
import { parseConfig } from "#server/config.ts";

const args = process.argv.slice(2);
const force = args.includes("--force");
const files = args.filter((arg) => arg !== "--force");
if (files.length !== 1 || files[0]!.startsWith("-")) {
  process.stderr.write("usage: npm run restore -- <file.tar.gz> [--force]\n");
  process.exit(2);
}
try {
  const site = backupSiteOf(parseConfig(process.env));
  const result = await restoreBackup(site, files[0]!, { force });
  const { manifest } = result;
  process.stdout.write(
    `Restored ${files[0]} (made ${manifest.createdAt} by Sticker Studio ${manifest.app.version}) into ${site.dataDir}: ${describeManifest(manifest)}.\n`,
  );
  if (result.movedAside) process.stdout.write(`The data it replaced is in ${result.movedAside}.\n`);
  for (const note of result.notes) process.stdout.write(`${note}\n`);
  if (result.pendingMigrations > 0) {
    process.stdout.write(`npm start applies the ${result.pendingMigrations} newer migrations when it starts.\n`);
  }
  process.stdout.write("Start the app: npm start\n");
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
}
