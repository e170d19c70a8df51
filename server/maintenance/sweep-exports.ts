/**
 * Derived downloads, pack archives and share cards are a cache (decisions 0014, 0025, 0050): no row refers to them, and a
 * request that finds one missing makes it again. The sweep keeps them within a time and a size budget
 * (decision 0034): older than the age limit → removed; then, newest first, whatever passes the budget.
 */
import { DERIVED_FILE_PREFIX } from "../downloads/derived-files.ts";
import { PACK_ARCHIVE_PREFIX } from "../packs/export-pack.ts";
import { SHARE_CARD_PREFIX } from "../share-cards/share-cards.ts";
import type { Storage, StoredEntry } from "../storage/storage.ts";

/** The prefixes of the files the sweep may remove: nothing else in storage is ever listed by it. */
export const EXPORT_FILE_PREFIXES = [DERIVED_FILE_PREFIX, PACK_ARCHIVE_PREFIX, SHARE_CARD_PREFIX] as const;

export interface ExportBudget {
  /** Files last written before this are removed. */
  olderThan: Date;
  /** The bytes the kept files may fill together; past it the oldest go. */
  budgetBytes: number;
}

export interface SweepCount {
  removed: number;
  removedBytes: number;
}

export interface ExportSweep extends SweepCount {
  kept: number;
  keptBytes: number;
  /** The keys removed (for the log and the bench), oldest first. */
  removedKeys: string[];
}

export async function sweepExportFiles(storage: Storage, budget: ExportBudget, signal?: AbortSignal): Promise<ExportSweep> {
  const entries: StoredEntry[] = [];
  for (const prefix of EXPORT_FILE_PREFIXES) {
    for await (const entry of storage.list(prefix)) entries.push(entry);
  }
  // Newest first: the budget keeps the files made most recently.
  entries.sort((a, b) => b.modifiedAt.getTime() - a.modifiedAt.getTime() || a.key.localeCompare(b.key));
  const doomed: StoredEntry[] = [];
  const result: ExportSweep = { removed: 0, removedBytes: 0, kept: 0, keptBytes: 0, removedKeys: [] };
  // Once a file does not fit, every older one goes too: the kept files are always the newest.
  let full = false;
  for (const entry of entries) {
    full ||= result.keptBytes + entry.size > budget.budgetBytes;
    if (full || entry.modifiedAt < budget.olderThan) {
      doomed.push(entry);
    } else {
      result.kept += 1;
      result.keptBytes += entry.size;
    }
  }
  for (const entry of doomed.reverse()) {
    if (signal?.aborted) break;
    await storage.delete(entry.key);
    result.removed += 1;
    result.removedBytes += entry.size;
    result.removedKeys.push(entry.key);
  }
  return result;
}
