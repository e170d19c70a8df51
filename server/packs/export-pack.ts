/**
 * Pack exports (decisions 0025, 0043): a pack as one file each messenger's tooling takes, laid out by
 * server/exports/pack-layouts.ts (WhatsApp's .wastickers, Telegram's stickers and custom emoji, Signal,
 * Discord, Slack, an Xcode sticker pack for iMessage) and the owner's watermark-free originals. Every
 * picture is a file of server/exports/sticker-files.ts, checked against its platform's rule, with the
 * messenger's small mark (none when the caller is a member). Moving stickers (decision 0041): a WhatsApp
 * pack whose stickers all move is an animated pack, otherwise a still one (never mixed); in Telegram's
 * zip a moving sticker is its video sticker; elsewhere its first frame.
 * Each holds the stickers of the pack the caller may see, in pack order. A pack's pictures are zipped
 * once and kept in storage under a name derived from the pictures alone; the texts (name, author,
 * emoji, the read-me in the caller's language) are added as the file is sent (decision 0034), so
 * languages and emoji edits share one stored archive. A repeated download (or If-None-Match) costs
 * one database read and one storage read (none for a 304).
 */
import { createHash } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { type Zippable, zipSync } from "fflate";
import { AppError } from "#common/errors.ts";
import { IMESSAGE_SIZES, type IMessageSize, PACK_EXPORT_TARGETS, type PackExportTarget } from "#common/exports.ts";
import { translate } from "#common/i18n/catalogs.ts";
import type { Language } from "#common/languages.ts";
import { type PhotoCredit, packSlug, WHATSAPP_PACK_MAX, WHATSAPP_PACK_MIN } from "#common/packs.ts";
import type { AppContext } from "../context.ts";
import type { Db } from "../db/client.ts";
import { packStickers, packs, stickers, users } from "../db/schema.ts";
import { createDerivedFiles, type PartialFile } from "../downloads/derived-files.ts";
import { watermarkDomain } from "../downloads/watermark.ts";
import { encodeSticker } from "../exports/encode-sticker.ts";
import type { MessengerMark } from "../exports/messenger-mark.ts";
import {
  type ExportablePack,
  type ExportSticker,
  fileNumber,
  type PictureEntry,
  type PictureSource,
  pictureEntries,
  textEntries,
} from "../exports/pack-layouts.ts";
import { createStickerFiles } from "../exports/sticker-files.ts";
import { assertValid } from "../exports/validate/index.ts";
import { OWNER_FILE_CACHE } from "../files/file-access.ts";
import { stickerImageKeys } from "../generation/index.ts";
import { createMotionDownloads } from "../motion/motion-downloads.ts";
import { type SkippedItem, skippedIn } from "../skipped-items.ts";
import { readStickerLabels } from "../stickers/labels/read-labels.ts";
import { stickerVisibleTo } from "./pack-access.ts";
import { entryNamesOf, zipWithEntries } from "./zip-parts.ts";

/** Bump when a file's layout or an encoder changes: files made before are then left unused (and swept). */
const PACK_EXPORT_VERSION = 3;
/** Every stored pack archive's key starts with this (the sweep's prefix, decision 0034). */
export const PACK_ARCHIVE_PREFIX = "pack-";
/** WhatsApp's tray icon: 96×96 PNG, at most 50 KB (counted in thousands, the stricter reading). */
export const TRAY_EDGE = 96;
export const TRAY_MAX_BYTES = 50 * 1000;
/** Every messenger needs an emoji per sticker; a pack row without one gets this. */
export const FALLBACK_EMOJI = "🙂";
/** Zip entries carry this date, so the same pack always gives the same bytes. */
const ENTRY_TIME = new Date("2026-01-01T00:00:00Z");

/**
 * A public pack's export as a visitor (no session) gets it: a shared cache may keep it but must ask
 * again each time (If-None-Match → 304), because the pack can change under the same address.
 */
export const PUBLIC_PACK_EXPORT_CACHE = "public, no-cache";

/** A pack's own row as `viewerId` may see it (the rule of every export): its id, name, owner and cover. */
export interface ShownPack {
  id: number;
  packId: string;
  name: string;
  ownerNick: string;
  visibility: "public" | "private";
  coverStickerId: number | null;
  credit: PhotoCredit | null;
  mine: boolean;
}

/**
 * The pack's row when `viewerId` may see it: public and neither hidden nor of a banned owner (decisions
 * 0031, 0035), or their own; NOT_FOUND otherwise, as for a pack that does not exist. One query.
 */
export async function readPackShownTo(db: Db, packId: string, viewerId: number | null): Promise<ShownPack> {
  const [pack] = await db
    .select({
      id: packs.id,
      packId: packs.packId,
      name: packs.name,
      ownerId: packs.ownerId,
      visibility: packs.visibility,
      coverStickerId: packs.coverStickerId,
      credit: packs.credit,
      ownerNick: users.nick,
      ownerBannedAt: users.bannedAt,
      hiddenAt: packs.hiddenAt,
    })
    .from(packs)
    .innerJoin(users, eq(users.id, packs.ownerId))
    .where(eq(packs.packId, packId))
    .limit(1);
  const mine = pack !== undefined && viewerId !== null && pack.ownerId === viewerId;
  const shown = pack !== undefined && pack.visibility === "public" && pack.ownerBannedAt === null && pack.hiddenAt === null;
  if (!pack || (!shown && !mine)) throw new AppError("NOT_FOUND");
  return {
    id: pack.id,
    packId: pack.packId,
    name: pack.name,
    ownerNick: pack.ownerNick,
    visibility: pack.visibility,
    coverStickerId: pack.coverStickerId,
    credit: pack.credit ?? null,
    mine,
  };
}

/**
 * The pack with the stickers `viewerId` may see (`stickerVisibleTo`, as the pack page shows them), with
 * their words in `language`. A private pack is its owner's only; anyone else gets NOT_FOUND, as for a
 * pack that does not exist (the /files routes' answer for anything not there, rather than the API's
 * PACK_NOT_FOUND).
 */
export async function readExportablePack(
  db: Db,
  packId: string,
  viewerId: number | null,
  language: Language = "en",
): Promise<ExportablePack> {
  return exportableFrom(db, await readPackShownTo(db, packId, viewerId), viewerId, language);
}

/** The pack `readPackShownTo` gave, with the stickers `viewerId` may see and their words in `language`. */
export async function exportableFrom(
  db: Db,
  pack: ShownPack,
  viewerId: number | null,
  language: Language,
): Promise<ExportablePack> {
  const rows = await db
    .select({
      stickerId: packStickers.stickerId,
      picId: stickers.picId,
      emoji: packStickers.emoji,
      motion: stickers.motion,
      name: stickers.name,
    })
    .from(packStickers)
    .innerJoin(stickers, eq(stickers.id, packStickers.stickerId))
    .where(and(eq(packStickers.packId, pack.id), stickerVisibleTo(viewerId)))
    .orderBy(asc(packStickers.position), asc(packStickers.stickerId));
  const labels = await readStickerLabels(
    db,
    rows.map((row) => row.stickerId),
    language,
  );
  const list = rows.map((row): ExportSticker => {
    const label = labels.get(row.stickerId);
    return {
      stickerId: row.stickerId,
      picId: row.picId,
      emoji: Array.isArray(row.emoji) && row.emoji.length > 0 ? row.emoji : [FALLBACK_EMOJI],
      keywords: label?.keywords ?? [],
      altText: label?.altText ?? row.name,
      name: row.name,
      motion: row.motion,
    };
  });
  return {
    packId: pack.packId,
    name: pack.name,
    author: pack.ownerNick.trim() || translate("en", "app.name"),
    visibility: pack.visibility,
    mine: pack.mine,
    credit: pack.credit,
    stickers: list,
    cover: list.find((sticker) => sticker.stickerId === pack.coverStickerId) ?? list[0] ?? null,
  };
}

/** The rules of a target, checked before anything is made (the pack's count against the platform's). */
export function checkExportRules(pack: Pick<ExportablePack, "mine" | "stickers">, target: PackExportTarget): void {
  if (target === "originals" && !pack.mine) throw new AppError("NOT_FOUND");
  const count = pack.stickers.length;
  if (count === 0) throw new AppError("PACK_EMPTY");
  if (target !== "whatsapp") return;
  const vars = { count, min: WHATSAPP_PACK_MIN, max: WHATSAPP_PACK_MAX };
  if (count < WHATSAPP_PACK_MIN) throw new AppError("PACK_TOO_SMALL_FOR_WHATSAPP", undefined, { vars });
  if (count > WHATSAPP_PACK_MAX) throw new AppError("PACK_TOO_LARGE_FOR_WHATSAPP", undefined, { vars });
}

const FILE_NAMES: Record<PackExportTarget, { suffix: string; contentType: string }> = {
  // Not application/zip: a phone's browser could then rename the file to .zip, which the sticker apps skip.
  whatsapp: { suffix: "-whatsapp.wastickers", contentType: "application/octet-stream" },
  telegram: { suffix: "-telegram.zip", contentType: "application/zip" },
  "telegram-emoji": { suffix: "-telegram-emoji.zip", contentType: "application/zip" },
  signal: { suffix: "-signal.zip", contentType: "application/zip" },
  discord: { suffix: "-discord.zip", contentType: "application/zip" },
  slack: { suffix: "-slack.zip", contentType: "application/zip" },
  imessage: { suffix: "-imessage.zip", contentType: "application/zip" },
  originals: { suffix: "-originals.zip", contentType: "application/zip" },
};

/**
 * `attachment; filename="…"` with an ASCII name (accents dropped: "Café" → "cafe"), plus the UTF-8
 * name (RFC 6266 `filename*`) when the pack's slug is not plain ASCII.
 */
export function attachmentDisposition(name: string, target: PackExportTarget): string {
  const slug = packSlug(name) || "sticker-pack";
  const suffix = FILE_NAMES[target].suffix;
  const ascii =
    slug
      .normalize("NFKD")
      .replace(/[^a-z0-9-]+/g, "")
      .replace(/-{2,}/g, "-")
      .replace(/^-+|-+$/g, "") || "sticker-pack";
  const plain = `attachment; filename="${ascii}${suffix}"`;
  return ascii === slug ? plain : `${plain}; filename*=UTF-8''${encodeURIComponent(`${slug}${suffix}`)}`;
}

export interface PackExport {
  /** A strong validator: the hash of everything the file holds. */
  etag: string;
  contentType: string;
  disposition: string;
  cacheControl: string;
  /**
   * The file's bytes, in parts to send in order: the stored pictures' archive (made and stored first
   * when missing) and the texts; `partial` when a sticker's picture was left out (not to be cached).
   */
  body(): Promise<{ parts: Uint8Array[]; partial: boolean }>;
}

/** What one caller asks for: the target, the read-me's language, iMessage's size, and the mark their files carry. */
export interface ExportRequest {
  target: PackExportTarget;
  language: Language;
  size?: IMessageSize;
  mark: MessengerMark;
}

/** The pack export maker of one app: per-sticker files are shared with /files/export (sticker-files.ts). */
export function createPackExports(app: AppContext) {
  const domain = watermarkDomain(app.config.PUBLIC_URL);
  const derived = createDerivedFiles(app.storage);
  const moving = createMotionDownloads(app, domain);
  const files = createStickerFiles(app);

  async function original(picId: string): Promise<Buffer> {
    const file = await app.storage.get(stickerImageKeys(picId).png);
    if (!file) throw new AppError("NOT_FOUND");
    return file.body;
  }

  async function trayIcon(picId: string): Promise<Buffer> {
    const tray = { edge: TRAY_EDGE, fit: "contain", format: "png", maxBytes: TRAY_MAX_BYTES } as const;
    const png = await encodeSticker(await original(picId), tray, "whatsapp tray.png");
    // WhatsApp's tray rule, still and animated packs alike (decision 0041): checked before it is offered.
    assertValid("whatsapp-tray", png);
    return png;
  }

  function load(source: PictureSource, mark: MessengerMark): Promise<Buffer> {
    switch (source.kind) {
      case "file":
        return files.load(source.picId, source.name, mark);
      case "moving":
        return moving.load(source.picId, source.preset, source.format, mark);
      case "tray":
        return trayIcon(source.picId);
      case "original":
        return original(source.picId);
    }
  }

  // Pictures are compressed already: stored as they are.
  const stored = (bytes: Buffer): [Uint8Array, { level: 0 }] => [new Uint8Array(bytes), { level: 0 }];

  /**
   * The stored part of a file: its pictures only (decision 0034), the same for every language and emoji.
   * A sticker whose picture cannot be read or encoded is left out and logged (decision 0040); such an
   * archive is sent but not stored, so the next download tries that sticker again.
   */
  async function picturesArchive(
    entries: PictureEntry[],
    mark: MessengerMark,
    skipped: SkippedItem,
  ): Promise<Buffer | PartialFile> {
    const zipped: Zippable = {};
    let partial = false;
    const failed = new Set<number | null>();
    for (const entry of entries) {
      // One at a time: a first export encodes up to 120 stickers, and the machine serves others meanwhile.
      if (entry.stickerId !== null && failed.has(entry.stickerId)) continue;
      try {
        zipped[entry.path] = stored(await load(entry.source, mark));
      } catch (error) {
        skipped(String(entry.stickerId ?? entry.source.picId), error);
        partial = true;
        if (entry.stickerId !== null) failed.add(entry.stickerId);
      }
    }
    const archive = Buffer.from(zipSync(zipped, { level: 6, mtime: ENTRY_TIME }));
    return partial ? { partial: archive } : archive;
  }

  return {
    /**
     * The export of `packId` for the caller, after the access check and the target's rules
     * (NOT_FOUND, PACK_EMPTY, PACK_TOO_SMALL_FOR_WHATSAPP, PACK_TOO_LARGE_FOR_WHATSAPP).
     */
    async prepare(
      packId: string,
      viewerId: number | null,
      request: ExportRequest,
      skipped: SkippedItem = skippedIn("pack export sticker"),
    ): Promise<PackExport> {
      const { target, language, mark } = request;
      const size = request.size ?? "regular";
      const pack = await readExportablePack(app.database.db, packId, viewerId, language);
      checkExportRules(pack, target);
      const hash = packContentHash(pack, request, app.config.PUBLIC_URL);
      const entries = pictureEntries(pack, target, size);
      const key = packArchiveKey(pack, request, domain);
      const { contentType } = FILE_NAMES[target];
      return {
        etag: `"${hash}"`,
        contentType,
        disposition: attachmentDisposition(pack.name, target),
        // Only a visitor's copy is the same for everyone; a signed-in caller's may hold their own private stickers.
        cacheControl: viewerId === null ? PUBLIC_PACK_EXPORT_CACHE : OWNER_FILE_CACHE,
        async body() {
          const archive = await derived.load(key, "application/zip", () => picturesArchive(entries, mark, skipped));
          const names = new Set(entryNamesOf(archive));
          // A sticker is in the file when all of its pictures are.
          const missing = new Set(entries.filter((entry) => !names.has(entry.path)).map((entry) => entry.stickerId));
          const count = pack.stickers.length;
          const inArchive = pack.stickers
            .map((sticker, index) => ({ sticker, number: fileNumber(index, count) }))
            .filter(({ sticker }) => !missing.has(sticker.stickerId));
          const partial = inArchive.length < count;
          // What is left of a pack some of whose pictures were lost must still follow the target's rules.
          if (partial) checkExportRules({ ...pack, stickers: inArchive.map((entry) => entry.sticker) }, target);
          const texts = textEntries(pack, inArchive, target, {
            language,
            version: hash.slice(0, 12),
            publicUrl: app.config.PUBLIC_URL,
            size,
          });
          return { parts: zipWithEntries(archive, texts, ENTRY_TIME), partial };
        },
      };
    },
  };
}

/**
 * The stored archive of a file's pictures: `pack-{target}-v{version}-{hash}.zip`, the hash of the
 * picture entries in order (names, pictures and how each is made), the mark and the watermark's domain.
 * Languages and emoji are not in it, so 14 languages or an emoji change share one stored archive
 * (decision 0034); a pack whose pictures (or Slack and Discord's emoji names) change gets a new one,
 * and the sweep removes the old.
 */
export function packArchiveKey(
  pack: ExportablePack,
  request: Pick<ExportRequest, "target" | "size" | "mark">,
  domain: string,
): string {
  const { target } = request;
  const content = {
    version: PACK_EXPORT_VERSION,
    target,
    mark: target === "originals" ? null : request.mark,
    domain: target === "originals" ? null : domain,
    entries: pictureEntries(pack, target, request.size ?? "regular").map((entry) => [entry.path, entry.source]),
  };
  const hash = createHash("sha256").update(JSON.stringify(content)).digest("hex").slice(0, 32);
  return `${PACK_ARCHIVE_PREFIX}${target}-v${PACK_EXPORT_VERSION}-${hash}.zip`;
}

/** Every stored archive a pack as `pack` shows may have: each target, mark and iMessage size. */
export function packArchiveKeys(pack: ExportablePack, domain: string): string[] {
  const keys = new Set<string>();
  for (const target of PACK_EXPORT_TARGETS) {
    for (const mark of ["corner", "none"] as const) {
      for (const size of target === "imessage" ? (Object.keys(IMESSAGE_SIZES) as IMessageSize[]) : (["regular"] as const)) {
        keys.add(packArchiveKey(pack, { target, mark, size }, domain));
      }
    }
  }
  return [...keys];
}

/**
 * What a pack's file depends on: the stickers (ids, pictures, emoji and words) in order, the name, the
 * author, the tray's sticker, PUBLIC_URL (the mark's text and the publisher's site), the mark, iMessage's
 * size and the language of the read-me and the words. The name of a stored export never matches a
 * picture's or an upload's, so /files/:key does not serve it (file-access.ts).
 */
export function packContentHash(pack: ExportablePack, request: ExportRequest, publicUrl: string): string {
  const content = {
    version: PACK_EXPORT_VERSION,
    target: request.target,
    mark: request.mark,
    size: request.target === "imessage" ? (request.size ?? "regular") : null,
    packId: pack.packId,
    name: pack.name,
    author: pack.author,
    publicUrl,
    cover: pack.cover?.stickerId ?? null,
    language: request.language,
    stickers: pack.stickers.map((s) => [s.stickerId, s.picId, s.emoji, s.motion, s.keywords, s.altText]),
  };
  return createHash("sha256").update(JSON.stringify(content)).digest("hex").slice(0, 32);
}
