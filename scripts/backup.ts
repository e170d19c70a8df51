/**
 * `npm run backup -- [file]`: one archive of the embedded default — the PGlite database, the stored
 * files and the payments sandbox's state — with a manifest (decision 0038). Stop the app first: while
 * `npm start` holds the data folder this says so and writes nothing. Without a file it writes
 * `$DATA_DIR/backups/sticker-studio-YYYYMMDD-HHMMSS.tar.gz` (UTC). PostgreSQL and S3: docs/deploy.md.
 */
import { backUp } from "#server/backup/back-up.ts";
import { BackupError, backupSiteOf } from "#server/backup/backup-site.ts";
import { describeLeftOut, describeManifest, formatBytes } from "#server/backup/manifest.ts";
import { parseConfig } from "#server/config.ts";

const args = process.argv.slice(2);
if (args.length > 1 || args.some((arg) => arg.startsWith("-"))) {
  process.stderr.write("usage: npm run backup -- [file.tar.gz]\n");
  process.exit(2);
}
try {
  const site = backupSiteOf(parseConfig(process.env));
  const result = await backUp(site, args[0] ? { file: args[0] } : {});
  const { manifest } = result;
  process.stdout.write(`Wrote ${result.file} (${formatBytes(result.bytes)}): ${describeManifest(manifest)}.\n`);
  if (manifest.files.leftOutCaches.count > 0) {
    process.stdout.write(`Left out ${describeLeftOut(manifest)}: they are made again when asked.\n`);
  }
  if (manifest.files.storage === "s3") {
    process.stdout.write(`The files are in the S3 bucket ${manifest.files.bucket}: back the bucket up as docs/deploy.md says.\n`);
  }
  process.stdout.write(`Restore it with: npm run restore -- ${result.file}\n`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
}
