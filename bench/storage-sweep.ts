/**
 * Bounded storage (decision 0034): one public pack of 60 stickers asked for as a Telegram zip in all
 * 14 languages stores one archive of its pictures (the read-me is added as the file is sent), not 14;
 * then the sweep, with the default budget and with a tiny one, and what it removed.
 * Target: the 14 languages add one archive's worth of stored bytes.
 * Run: npm run bench:storage-sweep
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { LANGUAGES } from "#common/languages.ts";
import { createServerApp } from "#server/app.ts";
import { bootAppContext } from "#server/boot.ts";
import type { AppContext } from "#server/context.ts";
import { packStickers, packs, stickers, users } from "#server/db/schema.ts";
import { createOfflineProvider } from "#server/generation/index.ts";
import { EXPORT_FILE_PREFIXES } from "#server/maintenance/sweep-exports.ts";
import { runSweeps } from "#server/maintenance/sweeps.ts";
import { seedDatabase } from "#server/seed/seed-database.ts";

const STICKERS = Number(process.env.BENCH_STICKERS ?? 60);
const TINY_BUDGET_BYTES = 1024 * 1024;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** Files and bytes under each prefix the sweep looks after. */
async function stored(app: AppContext) {
  const by: Record<string, { files: number; bytes: number }> = {};
  for (const prefix of EXPORT_FILE_PREFIXES) {
    by[prefix] = { files: 0, bytes: 0 };
    for await (const entry of app.storage.list(prefix)) {
      by[prefix].files += 1;
      by[prefix].bytes += entry.size;
    }
  }
  return by;
}

function line(label: string, by: Record<string, { files: number; bytes: number }>) {
  const parts = Object.entries(by).map(([prefix, { files, bytes }]) => `${prefix}*: ${files} files, ${mb(bytes)}`);
  console.log(`${label.padEnd(34)} ${parts.join("   ")}`);
}

const dataDir = await mkdtemp(path.join(tmpdir(), "bench-storage-"));
const app = await bootAppContext(
  { LOG_LEVEL: "error", DATA_DIR: dataDir, NODE_ENV: "production", DOWNLOAD_RATE_LIMIT_PER_MINUTE: "100000" },
  { pgliteDir: "memory://" },
);
try {
  console.log(`drawing ${STICKERS} stickers with the offline generator…`);
  await seedDatabase(app, createOfflineProvider(), { gallerySize: STICKERS });
  const server = createServerApp(app, { renderPage: async () => new Response("page") });
  const db = app.database.db;
  const [owner] = await db.insert(users).values({ email: "bench-storage@example.com" }).returning({ id: users.id });
  const picked = await db
    .select({ id: stickers.id })
    .from(stickers)
    .where(eq(stickers.visibility, "public"))
    .orderBy(asc(stickers.id))
    .limit(STICKERS);
  const packId = "benchstoragepack";
  const [pack] = await db
    .insert(packs)
    .values({ packId, ownerId: owner!.id, name: "Bench pack", visibility: "public" })
    .returning({ id: packs.id });
  await db
    .insert(packStickers)
    .values(picked.map((sticker, position) => ({ packId: pack!.id, stickerId: sticker.id, position, emoji: ["🙂"] })));

  const before = await stored(app);
  const started = performance.now();
  let served = 0;
  for (const language of LANGUAGES) {
    const response = await server.request(`/files/pack/${packId}/telegram?lang=${language}`);
    if (response.status !== 200) throw new Error(`${language}: ${response.status} ${await response.text()}`);
    served += (await response.arrayBuffer()).byteLength;
  }
  const seconds = (performance.now() - started) / 1000;
  const after = await stored(app);
  const archive = after["pack-"]!;
  const added =
    Object.values(after).reduce((sum, x) => sum + x.bytes, 0) - Object.values(before).reduce((sum, x) => sum + x.bytes, 0);

  console.log();
  console.log(
    `pack of ${picked.length} public stickers, Telegram zip in ${LANGUAGES.length} languages (${seconds.toFixed(1)} s)`,
  );
  line("stored before", before);
  line("stored after", after);
  console.log(`${"served to the 14 askers".padEnd(34)} ${mb(served)} (${mb(served / LANGUAGES.length)} each)`);
  console.log(`${"stored pack archives".padEnd(34)} ${archive.files} (target 1, was 14), ${mb(archive.bytes)}`);
  console.log(`${"stored bytes added in all".padEnd(34)} ${mb(added)} (the stickers' Telegram PNGs + one archive)`);

  console.log();
  const normal = await runSweeps(app);
  console.log(
    `sweep, default budget (${app.config.EXPORT_FILES_BUDGET_MB} MB, ${app.config.EXPORT_FILES_MAX_AGE_DAYS} days): removed ${normal.exports.removed} files, ${mb(normal.exports.removedBytes)}; kept ${normal.exports.kept}, ${mb(normal.exports.keptBytes)} (${normal.tookMs} ms)`,
  );
  const tiny = await runSweeps(app, { exportBudgetBytes: TINY_BUDGET_BYTES });
  console.log(
    `sweep, tiny budget (${mb(TINY_BUDGET_BYTES)}): removed ${tiny.exports.removed} files, ${mb(tiny.exports.removedBytes)}; kept ${tiny.exports.kept}, ${mb(tiny.exports.keptBytes)} (${tiny.tookMs} ms)`,
  );
  const removedArchives = tiny.exports.removedKeys.filter((key) => key.startsWith("pack-")).length;
  console.log(`  of which pack archives: ${removedArchives}, derived files: ${tiny.exports.removed - removedArchives}`);
  line("stored after the sweeps", await stored(app));

  const again = performance.now();
  const response = await server.request(`/files/pack/${packId}/telegram?lang=ja`);
  await response.arrayBuffer();
  console.log(
    `asked again after the sweep: ${response.status}, made again in ${((performance.now() - again) / 1000).toFixed(1)} s`,
  );
} finally {
  await app.tasks.stop();
  await app.database.close();
  await rm(dataDir, { recursive: true, force: true });
}
