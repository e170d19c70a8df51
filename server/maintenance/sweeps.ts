/**
 * The periodic sweeps that keep storage and the analytics tables from growing without bound
 * (decision 0034): derived downloads and pack archives past their age or the size budget, uploads no
 * task uses, photos shared in past their hour (decision 0046), analytics events and page error reports
 * past their retention, pictures an edit replaced past their hour's grace (decision 0047); and the files
 * a deleted account or such a picture left queued (decision 0037).
 *
 * Every web process ticks (`startSweeps`); a tick runs the sweeps only when it claims the run in the
 * database (`claimSweep`: one statement moves `maintenance_runs.started_at` forward when the interval
 * has passed), so of any number of processes exactly one sweeps per interval (decision 0020).
 */
import { sql } from "drizzle-orm";
import { REPLACED_PICTURE_GRACE_MS } from "#common/sticker-edit.ts";
import type { AppContext } from "../context.ts";
import type { Db } from "../db/client.ts";
import { maintenanceRuns } from "../db/schema.ts";
import { SHARED_PHOTO_MAX_AGE_MS } from "../share/shared-photos.ts";
import { type EventSweep, sweepOldEvents } from "./sweep-events.ts";
import { type ExportSweep, type SweepCount, sweepExportFiles } from "./sweep-exports.ts";
import { type QueuedFilesSweep, sweepQueuedFiles } from "./sweep-queued-files.ts";
import { type ReplacedPicturesSweep, sweepReplacedPictures } from "./sweep-replaced-pictures.ts";
import { sweepSharedPhotos } from "./sweep-shared-photos.ts";
import { sweepOrphanUploads } from "./sweep-uploads.ts";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MB = 1024 * 1024;
/** The name of the sweeps' row in `maintenance_runs`. */
export const SWEEP_RUN = "sweeps";

export interface SweepReport {
  exports: ExportSweep;
  uploads: { removed: number; removedBytes: number; removedKeys: string[] };
  sharedPhotos: SweepCount;
  events: EventSweep;
  replacedPictures: ReplacedPicturesSweep;
  queuedFiles: QueuedFilesSweep;
  tookMs: number;
}

export interface SweepOptions {
  /** The sweep's "now" (tests and the bench look ahead in time); default the clock. */
  now?: Date;
  /** Replaces EXPORT_FILES_BUDGET_MB, in bytes. */
  exportBudgetBytes?: number;
  signal?: AbortSignal;
}

/** Runs every sweep once, with the budgets of the config. */
export async function runSweeps(app: AppContext, options: SweepOptions = {}): Promise<SweepReport> {
  const started = Date.now();
  const now = (options.now ?? new Date()).getTime();
  const { config, storage } = app;
  const db = app.database.db;
  const exports = await sweepExportFiles(
    storage,
    {
      olderThan: new Date(now - config.EXPORT_FILES_MAX_AGE_DAYS * DAY_MS),
      budgetBytes: options.exportBudgetBytes ?? config.EXPORT_FILES_BUDGET_MB * MB,
    },
    options.signal,
  );
  const uploads = await sweepOrphanUploads(
    storage,
    db,
    new Date(now - config.ORPHAN_UPLOAD_MAX_AGE_HOURS * HOUR_MS),
    options.signal,
  );
  const sharedPhotos = await sweepSharedPhotos(storage, new Date(now - SHARED_PHOTO_MAX_AGE_MS), options.signal);
  const events = await sweepOldEvents(db, new Date(now - config.EVENT_RETENTION_DAYS * DAY_MS), options.signal);
  // Before the queued files: the files of pictures it removes go in the same run.
  const replacedPictures = await sweepReplacedPictures(db, new Date(now - REPLACED_PICTURE_GRACE_MS), options.signal);
  const queuedFiles = await sweepQueuedFiles(storage, db, options.signal ? { signal: options.signal } : {});
  return { exports, uploads, sharedPhotos, events, replacedPictures, queuedFiles, tookMs: Date.now() - started };
}

/**
 * Claims this interval's run of `name`: true for exactly one caller per interval, however many
 * processes ask at once (the row's update is atomic; a second caller waits for the first's, then sees
 * the new time and gets nothing).
 */
export async function claimSweep(db: Db, name: string, intervalSeconds: number): Promise<boolean> {
  const claimed = await db
    .insert(maintenanceRuns)
    .values({ name, startedAt: sql`now()` })
    .onConflictDoUpdate({
      target: maintenanceRuns.name,
      set: { startedAt: sql`now()` },
      setWhere: sql`${maintenanceRuns.startedAt} <= now() - make_interval(secs => ${intervalSeconds})`,
    })
    .returning({ name: maintenanceRuns.name });
  return claimed.length === 1;
}

export interface Sweeps {
  /** Stops ticking; a sweep under way stops at its next file or batch, and this waits for it. */
  stop(): Promise<void>;
}

/**
 * Ticks every minute (or every interval, when shorter) and runs the sweeps when this process claims
 * the interval's run. SWEEP_INTERVAL_MINUTES=0 turns them off. `tickMs` and `intervalSeconds` are for
 * tests; the app uses the config's.
 */
export function startSweeps(app: AppContext, options: { tickMs?: number; intervalSeconds?: number } = {}): Sweeps {
  const intervalSeconds = options.intervalSeconds ?? app.config.SWEEP_INTERVAL_MINUTES * 60;
  if (intervalSeconds <= 0) return { stop: async () => undefined };
  const abort = new AbortController();
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      if (!(await claimSweep(app.database.db, SWEEP_RUN, intervalSeconds))) return;
      const report = await runSweeps(app, { signal: abort.signal });
      app.log.info(
        {
          exportsRemoved: report.exports.removed,
          exportBytesRemoved: report.exports.removedBytes,
          exportBytesKept: report.exports.keptBytes,
          uploadsRemoved: report.uploads.removed,
          sharedPhotosRemoved: report.sharedPhotos.removed,
          eventsRemoved: report.events.events,
          clientErrorsRemoved: report.events.clientErrors,
          queuedFilesRemoved: report.queuedFiles.removed,
          queuedFilesFailed: report.queuedFiles.failed,
          tookMs: report.tookMs,
        },
        "storage swept",
      );
    })()
      .catch((error: unknown) => {
        if (!abort.signal.aborted) app.log.warn({ err: error }, "storage sweep failed");
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.tickMs ?? Math.min(intervalSeconds * 1000, 60_000));
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      abort.abort();
      await running;
    },
  };
}
