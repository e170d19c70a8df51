import type { AppContext } from "../context.ts";
import { withStartupLock } from "../db/startup-lock.ts";
import { createOfflineProvider } from "../generation/index.ts";
import { backfillSubjectTags } from "../search/tag-subjects.ts";
import { GALLERY_BEFORE_LISTEN, type SeedReport, seedDatabase, seedGalleryRest } from "./seed-database.ts";

export interface FirstStartSeed {
  report: SeedReport;
  /**
   * The photo packs and the rest of the gallery, drawn after the server listens (decision 0049): resolves
   * with what it drew; `stop` ends it between two stickers (the next start goes on).
   */
  rest: Promise<{ packs: number; stickers: number }>;
  stop: () => void;
}

/**
 * Fills an empty database before the server listens; on later starts it finds everything and returns.
 * Before listening: styles, texts, the packs drawn from words and the gallery's first screens; the packs
 * drawn from photos and the older rest of the gallery follow in the background (decision 0049). On PostgreSQL one process seeds while the
 * others starting with it wait, then find it done (decision 0020); the background part has its own lock,
 * so a process starting meanwhile waits for it only in its own background.
 */
export async function seedOnFirstStart(app: AppContext): Promise<FirstStartSeed> {
  const provider = createOfflineProvider();
  const size = app.config.SEED_GALLERY_SIZE;
  const packs = size > 0 && app.config.SEED_PACKS;
  const report = await withStartupLock(app.database.pool, "seed", () =>
    seedDatabase(app, provider, { gallerySize: size, packs: packs ? "text" : false, galleryNow: GALLERY_BEFORE_LISTEN }),
  );
  app.log.info(report, report.stickersMade + report.packsMade > 0 ? "first start: gallery seeded" : "seed data present");
  // Stickers from before subject tags (decision 0030), a bounded batch per start.
  const tagged = await withStartupLock(app.database.pool, "seed", () => backfillSubjectTags(app.database.db));
  if (tagged > 0) app.log.info({ stickers: tagged }, "subject tags added to older stickers");
  const stopping = new AbortController();
  const nothing = { packs: 0, stickers: 0 };
  const rest =
    size === 0
      ? Promise.resolve(nothing)
      : withStartupLock(app.database.pool, "seedGallery", () =>
          seedGalleryRest(app, provider, size, { photoPacks: packs, signal: stopping.signal }),
        ).then(
          (made) => {
            if (made.packs + made.stickers > 0)
              app.log.info(made, "first start: the photo packs and the rest of the gallery drawn");
            return made;
          },
          (error: unknown) => {
            // Not fatal: the next start draws what is missing.
            if (!stopping.signal.aborted) app.log.warn({ err: error }, "the rest of the gallery could not be drawn");
            return nothing;
          },
        );
  return { report, rest, stop: () => stopping.abort() };
}
