/**
 * The stored share cards (decision 0050): each made once by card-art.ts and then read from storage
 * under `cardKey` (derived-files.ts keeps two requests at once to one making).
 */
import { AppError } from "#common/errors.ts";
import type { AppContext } from "../context.ts";
import { createDerivedFiles, type PartialFile } from "../downloads/derived-files.ts";
import { OWNER_FILE_CACHE } from "../files/file-access.ts";
import { composePackCard, composeStickerCard } from "./card-art.ts";
import { type CardContent, type CardSource, cardHash, cardKey, cardSiteOf } from "./share-cards.ts";

/**
 * A card everyone may load: a shared cache may keep it but asks again each time (If-None-Match → 304),
 * so a pack made private stops being served at once, as its pack export does.
 */
export const PUBLIC_CARD_CACHE = "public, no-cache";

export interface ShareCardFile {
  /** A strong validator: the content's hash (the same content always gives the same card). */
  etag: string;
  cacheControl: string;
  /** The stored card's key. */
  key: string;
  /** Whether the card is in storage already (a request that makes it costs a picture's encoding). */
  stored(): Promise<boolean>;
  /**
   * The card's JPEG, made and stored first when missing; `partial` when a pack's picture was missing
   * from storage and left out (then not stored, nor to be cached).
   */
  body(): Promise<{ bytes: Buffer; partial: boolean }>;
}

/** The share-card maker of one app: each card is made once and then read from storage. */
export function createShareCards(app: AppContext) {
  const derived = createDerivedFiles(app.storage);
  const site = cardSiteOf(app.config.PUBLIC_URL);

  async function make(content: CardContent): Promise<Buffer | PartialFile> {
    const files = await Promise.all(content.pictures.map((picture) => app.storage.get(picture.pngKey)));
    const found = files.flatMap((file) => (file ? [file.body] : []));
    if (content.kind === "sticker") {
      const [picture] = found;
      // The sticker's own picture is gone from storage: there is nothing to show.
      if (!picture) throw new AppError("NOT_FOUND");
      return composeStickerCard({ name: content.name, prompt: content.prompt, picture, site });
    }
    const card = await composePackCard({ name: content.name, pictures: found, site });
    // A pack card missing a lost picture is this answer's only: the next request tries that picture again.
    return found.length < content.pictures.length ? { partial: card } : card;
  }

  return {
    site,
    /** The card of `source` (access already decided by the caller). */
    file(source: CardSource): ShareCardFile {
      const key = cardKey(source.content, site);
      return {
        etag: `"${cardHash(source.content, site)}"`,
        cacheControl: source.access === "public" ? PUBLIC_CARD_CACHE : OWNER_FILE_CACHE,
        key,
        stored: () => app.storage.has(key),
        async body() {
          let partial = false;
          const bytes = await derived.load(key, "image/jpeg", async () => {
            const made = await make(source.content);
            partial = !Buffer.isBuffer(made);
            return made;
          });
          return { bytes, partial };
        },
      };
    },
  };
}
