/**
 * Share cards (decision 0050), mounted under /files:
 *   GET /files/card/pack/:packId/:hash.jpg         a pack's 1200×630 card
 *   GET /files/card/sticker/:stickerInstId/:hash.jpg  a sticker's
 * The hash names the content a page linked; the current card answers any hash, so an address shared
 * before a change still shows the pack. Everyone loads the card of a pack or sticker shown to everyone;
 * anything else only its owner, and anyone else gets NOT_FOUND (share-cards.ts). A card already stored
 * costs two database reads and one storage read (none for a 304); making one is counted against the
 * client's DOWNLOAD_RATE_LIMIT_PER_MINUTE, as a download is (decision 0014).
 */
import { Hono } from "hono";
import { AppError } from "#common/errors.ts";
import type { AppContext } from "../context.ts";
import { respondWithFileError, viewerIdOf } from "../files/file-access.ts";
import { clientAddressOf } from "../http/client-address.ts";
import type { AppEnv } from "../http/env.ts";
import { matchesEtag } from "../http/if-none-match.ts";
import { createRateLimit } from "../rate-limit.ts";
import { createShareCards } from "./card-files.ts";
import { CARD_FILE_PATTERN, type CardSource, packCardSource, stickerCardSource } from "./share-cards.ts";

/** A pack id or a sticker's id as an address carries it; anything else names nothing. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Share card routes; mount with `server.route("/files", shareCardRoutes(app))`, before /files/:key. */
export function shareCardRoutes(app: AppContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.onError((error, c) => respondWithFileError(c, error));
  const cards = createShareCards(app);
  const limit = createRateLimit(app.config, {
    name: "share-card",
    points: app.config.DOWNLOAD_RATE_LIMIT_PER_MINUTE,
    durationSeconds: 60,
  });

  routes.get("/card/:kind/:id/:file", async (c) => {
    const { kind, id, file } = c.req.param();
    if ((kind !== "pack" && kind !== "sticker") || !ID_PATTERN.test(id) || !CARD_FILE_PATTERN.test(file)) {
      throw new AppError("NOT_FOUND");
    }
    const viewer = () => viewerIdOf(app, c);
    const source: CardSource =
      kind === "pack" ? await packCardSource(app.database.db, id, viewer) : await stickerCardSource(app.database.db, id, viewer);
    const card = cards.file(source);
    const headers = { ETag: card.etag, "Cache-Control": card.cacheControl };
    if (matchesEtag(c.req.header("if-none-match"), card.etag)) return c.body(null, 304, headers);
    if (!(await card.stored())) await limit.consume(clientAddressOf(c));
    const { bytes, partial } = await card.body();
    return c.body(new Uint8Array(bytes), 200, {
      ...(partial ? { "Cache-Control": "no-store" } : headers),
      "Content-Type": "image/jpeg",
      "Content-Length": String(bytes.length),
    });
  });

  return routes;
}
