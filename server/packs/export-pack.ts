/**
 * Pack exports (decision 0025): a pack as one file a messenger's tooling takes.
 *   whatsapp   a `.wastickers` archive: title.txt, author.txt, tray.png (96×96), 01.webp… (512×512,
 *              under 100 KB each) and contents.json with each sticker's emoji; 3 to 30 stickers
 *   telegram   a zip of 01.png… (one side 512, under 512 KB each), emoji.txt and README.txt (the
 *              @Stickers bot's steps in the caller's language)
 *   originals  a zip of the watermark-free 512 px PNGs, for the pack's owner only
 * Moving stickers (decision 0041): a WhatsApp pack whose stickers all move is an animated pack (01.webp…
 * animated, `animated_sticker_pack`), and otherwise a still one (a moving sticker as its first frame),
 * never mixed; in a Telegram zip a moving sticker is its video sticker (01.webm, WebM VP9 with alpha).
 * Each holds the stickers of the pack the caller may see, in pack order. A pack's pictures are zipped
 * once and kept in storage under a name derived from the pictures alone; the texts (name, author,
 * emoji, the read-me in the caller's language) are added as the file is sent (decision 0034), so
 * languages and emoji edits share one stored archive. A repeated download (or If-None-Match) costs
 * one database read and one storage read (none for a 304).
 */
import { createHash } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { type Zippable, zipSync } from "fflate";
import sharp from "sharp";
import { AppError } from "#common/errors.ts";
import { translate } from "#common/i18n/catalogs.ts";
import type { Language } from "#common/languages.ts";
import type { MotionPreset } from "#common/motion.ts";
import { packSlug, WHATSAPP_PACK_MAX, WHATSAPP_PACK_MIN } from "#common/packs.ts";
import type { AppContext } from "../context.ts";
import type { Db } from "../db/client.ts";
import { packStickers, packs, stickers, users } from "../db/schema.ts";
import { createDerivedFiles, derivedFileKey, type PartialFile } from "../downloads/derived-files.ts";
import { exportForTelegram, exportForWhatsApp } from "../downloads/export.ts";
import { watermarkDomain, watermarkSticker } from "../downloads/watermark.ts";
import { OWNER_FILE_CACHE } from "../files/file-access.ts";
import { stickerImageKeys } from "../generation/index.ts";
import { createMotionDownloads } from "../motion/motion-downloads.ts";
import { assertValid } from "../exports/validate/index.ts";
import { type SkippedItem, skippedIn } from "../skipped-items.ts";
import { stickerVisibleTo } from "./pack-access.ts";
import { entryNamesOf, zipWithEntries } from "./zip-parts.ts";

export const PACK_EXPORT_TARGETS = ["whatsapp", "telegram", "originals"] as const;
export type PackExportTarget = (typeof PACK_EXPORT_TARGETS)[number];

export function isPackExportTarget(value: string): value is PackExportTarget {
  return (PACK_EXPORT_TARGETS as readonly string[]).includes(value);
}

/** Bump when a file's layout or an encoder changes: files made before are then left unused (and swept). */
const PACK_EXPORT_VERSION = 2;
/** Every stored pack archive's key starts with this (the sweep's prefix, decision 0034). */
export const PACK_ARCHIVE_PREFIX = "pack-";
/** WhatsApp's tray icon: 96×96 PNG, at most 50 KB (counted in thousands, like export.ts). */
export const TRAY_EDGE = 96;
export const TRAY_MAX_BYTES = 50 * 1000;
/** Telegram and WhatsApp both need an emoji per sticker; a pack row without one gets this. */
export const FALLBACK_EMOJI = "🙂";
/** Zip entries carry this date, so the same pack always gives the same bytes. */
const ENTRY_TIME = new Date("2026-01-01T00:00:00Z");

/**
 * A public pack's export as a visitor (no session) gets it: a shared cache may keep it but must ask
 * again each time (If-None-Match → 304), because the pack can change under the same address.
 */
export const PUBLIC_PACK_EXPORT_CACHE = "public, no-cache";

export interface ExportSticker {
  stickerId: number;
  picId: string;
  emoji: string[];
  /** A moving sticker's preset (decision 0041); null for a still one. */
  motion: MotionPreset | null;
}

/** WhatsApp takes a pack all animated or all still: animated when every sticker moves. */
export function isAnimatedForWhatsApp(pack: Pick<ExportablePack, "stickers">): boolean {
  return pack.stickers.length > 0 && pack.stickers.every((sticker) => sticker.motion !== null);
}

/** A pack as the caller may export it: only the stickers they may see, in pack order. */
export interface ExportablePack {
  packId: string;
  name: string;
  author: string;
  visibility: "public" | "private";
  mine: boolean;
  stickers: ExportSticker[];
  /** The tray icon's sticker: the cover when the caller sees it, else the first sticker. */
  cover: ExportSticker | null;
}

/**
 * The pack with the stickers `viewerId` may see (`stickerVisibleTo`, as the pack page shows them). A
 * private pack is its owner's only; anyone else gets NOT_FOUND, as for a pack that does not exist
 * (the /files routes' answer for anything not there, rather than the API's PACK_NOT_FOUND).
 */
export async function readExportablePack(db: Db, packId: string, viewerId: number | null): Promise<ExportablePack> {
  const [pack] = await db
    .select({
      id: packs.id,
      packId: packs.packId,
      name: packs.name,
      ownerId: packs.ownerId,
      visibility: packs.visibility,
      coverStickerId: packs.coverStickerId,
      ownerNick: users.nick,
      ownerBannedAt: users.bannedAt,
      hiddenAt: packs.hiddenAt,
    })
    .from(packs)
    .innerJoin(users, eq(users.id, packs.ownerId))
    .where(eq(packs.packId, packId))
    .limit(1);
  const mine = pack !== undefined && viewerId !== null && pack.ownerId === viewerId;
  // A banned user's packs, and packs a moderator hid, are gone for everyone but their owner, like
  // private ones (decisions 0031, 0035).
  const shown = pack !== undefined && pack.visibility === "public" && pack.ownerBannedAt === null && pack.hiddenAt === null;
  if (!pack || (!shown && !mine)) throw new AppError("NOT_FOUND");
  const rows = await db
    .select({ stickerId: packStickers.stickerId, picId: stickers.picId, emoji: packStickers.emoji, motion: stickers.motion })
    .from(packStickers)
    .innerJoin(stickers, eq(stickers.id, packStickers.stickerId))
    .where(and(eq(packStickers.packId, pack.id), stickerVisibleTo(viewerId)))
    .orderBy(asc(packStickers.position), asc(packStickers.stickerId));
  const list = rows.map((row) => ({
    stickerId: row.stickerId,
    picId: row.picId,
    emoji: Array.isArray(row.emoji) && row.emoji.length > 0 ? row.emoji : [FALLBACK_EMOJI],
    motion: row.motion,
  }));
  return {
    packId: pack.packId,
    name: pack.name,
    author: pack.ownerNick.trim() || translate("en", "app.name"),
    visibility: pack.visibility,
    mine,
    stickers: list,
    cover: list.find((sticker) => sticker.stickerId === pack.coverStickerId) ?? list[0] ?? null,
  };
}

/** The rules of a target, checked before anything is made. */
export function checkExportRules(pack: ExportablePack, target: PackExportTarget): void {
  if (target === "originals" && !pack.mine) throw new AppError("NOT_FOUND");
  const count = pack.stickers.length;
  if (count === 0) throw new AppError("PACK_EMPTY");
  if (target !== "whatsapp") return;
  const vars = { count, min: WHATSAPP_PACK_MIN, max: WHATSAPP_PACK_MAX };
  if (count < WHATSAPP_PACK_MIN) throw new AppError("PACK_TOO_SMALL_FOR_WHATSAPP", undefined, { vars });
  if (count > WHATSAPP_PACK_MAX) throw new AppError("PACK_TOO_LARGE_FOR_WHATSAPP", undefined, { vars });
}

/** `01`, `02`… (three digits past 99: Telegram packs hold up to 120). */
export function fileNumber(index: number, count: number): string {
  return String(index + 1).padStart(count > 99 ? 3 : 2, "0");
}

const FILE_NAMES: Record<PackExportTarget, { suffix: string; contentType: string }> = {
  // Not application/zip: a phone's browser could then rename the file to .zip, which the sticker apps skip.
  whatsapp: { suffix: "-whatsapp.wastickers", contentType: "application/octet-stream" },
  telegram: { suffix: "-telegram.zip", contentType: "application/zip" },
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

/** The pack export maker of one app: per-sticker files are shared with /files/export (derived-files.ts). */
export function createPackExports(app: AppContext) {
  const domain = watermarkDomain(app.config.PUBLIC_URL);
  const derived = createDerivedFiles(app.storage);
  const moving = createMotionDownloads(app, domain);

  async function original(picId: string): Promise<Buffer> {
    const file = await app.storage.get(stickerImageKeys(picId).png);
    if (!file) throw new AppError("NOT_FOUND");
    return file.body;
  }

  /** The sticker's WhatsApp WebP, the same file GET /files/export/{picId}/whatsapp.webp serves. */
  function whatsappSticker(picId: string): Promise<Buffer> {
    const key = derivedFileKey(picId, "whatsapp", "webp", domain);
    return derived.load(key, "image/webp", async () => exportForWhatsApp(await watermarkSticker(await original(picId), domain)));
  }

  /** The sticker's Telegram PNG, the same file GET /files/export/{picId}/telegram.png serves. */
  function telegramSticker(picId: string): Promise<Buffer> {
    const key = derivedFileKey(picId, "telegram", "png", domain);
    return derived.load(key, "image/png", async () =>
      exportForTelegram(await watermarkSticker(await original(picId), domain), "png"),
    );
  }

  async function trayIcon(picId: string): Promise<Buffer> {
    const pixels = sharp(await original(picId)).resize(TRAY_EDGE, TRAY_EDGE, {
      fit: "contain",
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    });
    const full = await pixels.clone().png({ compressionLevel: 9 }).toBuffer();
    const png =
      full.length < TRAY_MAX_BYTES ? full : await pixels.png({ compressionLevel: 9, palette: true, colours: 64 }).toBuffer();
    // WhatsApp's tray rule, still and animated packs alike (decision 0041): checked before it is offered.
    assertValid("whatsapp-tray", png);
    return png;
  }

  const text = (value: string) => new TextEncoder().encode(value);
  // Pictures are compressed already: stored as they are; texts deflated.
  const stored = (bytes: Buffer): [Uint8Array, { level: 0 }] => [new Uint8Array(bytes), { level: 0 }];
  const zip = (files: Zippable) => Buffer.from(zipSync(files, { level: 6, mtime: ENTRY_TIME }));

  /**
   * The stored part of a file: its pictures only (decision 0034), the same for every name, emoji and
   * language. A sticker whose picture cannot be read or encoded is left out and logged (decision 0040);
   * such an archive is sent but not stored, so the next download tries that sticker again.
   */
  async function picturesArchive(
    pack: ExportablePack,
    target: PackExportTarget,
    skipped: SkippedItem,
  ): Promise<Buffer | PartialFile> {
    const count = pack.stickers.length;
    const files: Zippable = {};
    let partial = false;
    if (target === "whatsapp") {
      // The tray from the cover, else from the first sticker whose picture can be read.
      for (const sticker of pack.cover ? [pack.cover, ...pack.stickers] : pack.stickers) {
        try {
          files["tray.png"] = stored(await trayIcon(sticker.picId));
          break;
        } catch (error) {
          skipped(String(sticker.stickerId), error);
          partial = true;
        }
      }
    }
    const animated = target === "whatsapp" && isAnimatedForWhatsApp(pack);
    for (const [index, sticker] of pack.stickers.entries()) {
      // One at a time: a first export encodes up to 30 stickers, and the machine serves others meanwhile.
      const number = fileNumber(index, count);
      try {
        if (target === "whatsapp") {
          files[`${number}.webp`] = stored(
            animated && sticker.motion
              ? await moving.load(sticker.picId, sticker.motion, "webp")
              : await whatsappSticker(sticker.picId),
          );
        } else if (target === "telegram") {
          if (sticker.motion) files[`${number}.webm`] = stored(await moving.load(sticker.picId, sticker.motion, "webm"));
          else files[`${number}.png`] = stored(await telegramSticker(sticker.picId));
        } else files[`${number}.png`] = stored(await original(sticker.picId));
      } catch (error) {
        skipped(String(sticker.stickerId), error);
        partial = true;
      }
    }
    const archive = zip(files);
    return partial ? { partial: archive } : archive;
  }

  /** The stickers whose picture is in the archive (all of them, unless one was left out), with their file numbers. */
  function stickersIn(pack: ExportablePack, archive: Uint8Array): { sticker: ExportSticker; number: string }[] {
    const names = new Set(entryNamesOf(archive).map((name) => name.replace(/\.(png|webp|webm)$/, "")));
    const count = pack.stickers.length;
    return pack.stickers
      .map((sticker, index) => ({ sticker, number: fileNumber(index, count) }))
      .filter((entry) => names.has(entry.number));
  }

  /** The texts of a file, added as it is sent: they hold the name, the author, the emoji and the read-me's language. */
  function textEntries(
    pack: ExportablePack,
    inArchive: { sticker: ExportSticker; number: string }[],
    target: PackExportTarget,
    version: string,
    language: Language,
  ): Zippable {
    if (target === "originals") return {};
    if (target === "telegram") {
      const lines = inArchive.map(
        ({ sticker, number }) => `${number}.${sticker.motion ? "webm" : "png"} ${sticker.emoji.join(" ")}`,
      );
      return { "emoji.txt": text(`${lines.join("\n")}\n`), "README.txt": text(telegramReadme(pack.name, language)) };
    }
    // WhatsApp's own sticker-pack manifest (the layout of its sample apps' contents.json).
    const contents = {
      android_play_store_link: "",
      ios_app_store_link: "",
      sticker_packs: [
        {
          identifier: pack.packId,
          name: pack.name,
          publisher: pack.author,
          tray_image_file: "tray.png",
          image_data_version: version,
          avoid_cache: false,
          publisher_email: "",
          publisher_website: app.config.PUBLIC_URL,
          privacy_policy_website: "",
          license_agreement_website: "",
          animated_sticker_pack: isAnimatedForWhatsApp(pack),
          stickers: inArchive.map(({ sticker, number }) => ({
            image_file: `${number}.webp`,
            emojis: sticker.emoji.slice(0, 3),
          })),
        },
      ],
    };
    return {
      "title.txt": text(pack.name),
      "author.txt": text(pack.author),
      "contents.json": text(`${JSON.stringify(contents, null, 2)}\n`),
    };
  }

  return {
    /**
     * The export of `packId` for the caller, after the access check and the target's rules
     * (NOT_FOUND, PACK_EMPTY, PACK_TOO_SMALL_FOR_WHATSAPP, PACK_TOO_LARGE_FOR_WHATSAPP).
     */
    async prepare(
      packId: string,
      viewerId: number | null,
      target: PackExportTarget,
      language: Language,
      skipped: SkippedItem = skippedIn("pack export sticker"),
    ): Promise<PackExport> {
      const pack = await readExportablePack(app.database.db, packId, viewerId);
      checkExportRules(pack, target);
      const hash = packContentHash(pack, target, app.config.PUBLIC_URL, language);
      const key = packArchiveKey(pack, target, domain);
      const { contentType } = FILE_NAMES[target];
      return {
        etag: `"${hash}"`,
        contentType,
        disposition: attachmentDisposition(pack.name, target),
        // Only a visitor's copy is the same for everyone; a signed-in caller's may hold their own private stickers.
        cacheControl: viewerId === null ? PUBLIC_PACK_EXPORT_CACHE : OWNER_FILE_CACHE,
        async body() {
          const archive = await derived.load(key, "application/zip", () => picturesArchive(pack, target, skipped));
          const inArchive = stickersIn(pack, archive);
          const partial = inArchive.length < pack.stickers.length;
          // What is left of a pack some of whose pictures were lost must still follow the target's rules.
          if (partial) checkExportRules({ ...pack, stickers: inArchive.map((entry) => entry.sticker) }, target);
          return {
            parts: zipWithEntries(archive, textEntries(pack, inArchive, target, hash.slice(0, 12), language), ENTRY_TIME),
            partial,
          };
        },
      };
    },
  };
}

/**
 * The stored archive of a file's pictures: `pack-{target}-v{version}-{hash}.zip`, the hash of the
 * pictures in order (and WhatsApp's tray) and the watermark's domain. Names, emoji and languages are
 * not in it, so 14 languages or an emoji change share one stored archive (decision 0034); a pack
 * whose pictures change gets a new one, and the sweep removes the old.
 */
export function packArchiveKey(pack: ExportablePack, target: PackExportTarget, domain: string): string {
  const content = {
    version: PACK_EXPORT_VERSION,
    target,
    domain: target === "originals" ? null : domain,
    tray: target === "whatsapp" ? (pack.cover ?? pack.stickers[0])?.picId : null,
    pictures: pack.stickers.map((sticker) => (sticker.motion ? [sticker.picId, sticker.motion] : sticker.picId)),
  };
  const hash = createHash("sha256").update(JSON.stringify(content)).digest("hex").slice(0, 32);
  return `${PACK_ARCHIVE_PREFIX}${target}-v${PACK_EXPORT_VERSION}-${hash}.zip`;
}

/**
 * What a pack's file depends on: the stickers (ids and pictures) in order with their emoji, the name,
 * the author, the tray's sticker, PUBLIC_URL (the watermark's text and the publisher's site) and, for
 * Telegram, the README's language. The name of a stored export never matches a picture's or an
 * upload's, so /files/:key does not serve it (file-access.ts).
 */
export function packContentHash(pack: ExportablePack, target: PackExportTarget, publicUrl: string, language: Language): string {
  const content = {
    version: PACK_EXPORT_VERSION,
    target,
    packId: pack.packId,
    name: pack.name,
    author: pack.author,
    publicUrl,
    cover: pack.cover?.stickerId ?? null,
    language: target === "telegram" ? language : null,
    stickers: pack.stickers.map((sticker) => [sticker.stickerId, sticker.picId, sticker.emoji, sticker.motion]),
  };
  return createHash("sha256").update(JSON.stringify(content)).digest("hex").slice(0, 32);
}

/** README.txt of the Telegram zip: the @Stickers bot's steps, as the pack page shows them. */
export function telegramReadme(packName: string, language: Language): string {
  const t = (key: string) => translate(language, `packExport.telegram.${key}`);
  const steps = ["stepOpen", "stepNewPack", "stepName", "stepSend", "stepPublish", "stepShortName"].map(
    (step, index) => `${index + 1}. ${t(step)}`,
  );
  return `${packName}\n\n${t("readmeIntro")}\n\n${steps.join("\n")}\n\n${t("readmeEmoji")}\n`;
}
