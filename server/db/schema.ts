import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { REPORT_REASONS } from "#common/moderation.ts";
import { MOTION_PRESETS } from "#common/motion.ts";
import type { PhotoCredit } from "#common/packs.ts";
import { SUBSCRIPTION_STATUSES } from "#common/plans.ts";
import type { StickerEdit } from "#common/sticker-edit.ts";
import { TELEGRAM_SET_STATES } from "#common/telegram.ts";

/**
 * Every table the spec names (spec §3), planned from the start so later features only fill them.
 * Column names are snake_case in SQL and the spec's camelCase in TypeScript.
 */
const created = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const userRef = (name = "user_id") => bigint(name, { mode: "number" }).references(() => users.id);

/** The User of spec §3. `token`, `tokenExpiresIn` and `expiresTime` come from the session row. */
export const users = pgTable(
  "users",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email"),
    /** The address's mailbox (`mailboxOf`: no +tag, Gmail without dots): invite rewards count it once. */
    mailbox: text("mailbox"),
    emailVerified: boolean("email_verified").notNull().default(false),
    googleId: text("google_id"),
    facebookId: text("facebook_id"),
    openid: text("openid"),
    unionid: text("unionid"),
    /** A provider's session key (spec §3); never sent to the page. */
    sessionKey: text("session_key"),
    mobile: text("mobile"),
    /** The display name others read on the user's packs (decision 0036): chosen, Google's, or generated; never the address's. */
    nick: text("nick").notNull().default(""),
    avatarPath: text("avatar_path"),
    /** The points balance (spec §1 `point`); changed only through the points ledger. */
    point: integer("point").notNull().default(0),
    grade: integer("grade").notNull().default(0),
    group: text("group"),
    type: integer("type").notNull().default(0),
    loginId: text("login_id"),
    deviceId: text("device_id"),
    /** The plan's price id while a subscription grants membership, else empty (spec §3). */
    subscribePlan: text("subscribe_plan").notNull().default(""),
    inviteCode: text("invite_code"),
    invitedBy: bigint("invited_by", { mode: "number" }),
    locale: text("locale").notNull().default("en"),
    deleted: boolean("deleted").notNull().default(false),
    /** `admin` or `moderator` (the moderation desk, decision 0031), granted only by `scripts/grant-role.ts`; else null. */
    role: text("role", { enum: ["admin", "moderator"] }),
    /** When a moderator banned the user: their sessions ended and their stickers left the gallery. */
    bannedAt: timestamp("banned_at", { withTimezone: true }),
    /**
     * When the user deleted the account (decision 0037): `deleted` is set, the row keeps only what the
     * payment records need (its id, plan, ledger and trades point at it), nothing that names the person.
     */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_google_id_key").on(t.googleId),
    uniqueIndex("users_invite_code_key").on(t.inviteCode),
    index("users_mailbox_idx").on(t.mailbox),
    check("users_point_not_negative", sql`${t.point} >= 0`),
  ],
);

/** A signed-in browser or client. Only the token's hash is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef().notNull(),
    tokenHash: text("token_hash").notNull(),
    /** This session's key for signed calls (decision 0003). */
    signingKey: text("signing_key").notNull(),
    createdAt: created(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/** Single-use e-mail sign-in links (spec §4). */
export const emailLinks = pgTable(
  "email_links",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    redirectPath: text("redirect_path").notNull().default("/"),
    inviteCode: text("invite_code"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [uniqueIndex("email_links_token_hash_key").on(t.tokenHash)],
);

/**
 * 1 = the public community tag, 2 = explore / curated (spec §7): kind "list". Subject tags (decision
 * 0030) are language-neutral concepts drawn on stickers ("cat"): kind "subject", a URL slug
 * (`/tag/cat`), their display name in the 14 languages, ids from the `tags_subject_id_seq` sequence
 * (migration 0006) so they never meet the list tags' hand-picked ids.
 */
export const tags = pgTable(
  "tags",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["list", "subject"] })
      .notNull()
      .default("list"),
    slug: text("slug"),
    names: jsonb("names").$type<Record<string, string>>(),
  },
  (t) => [uniqueIndex("tags_slug_key").on(t.slug)],
);

/**
 * The words that find a subject tag, in every language (its names, emoji keywords and the Arabic hand
 * table), folded by `search_fold` (lower case, no accents); `quality` 2 for a name, 1 for a keyword.
 * A query matches them exactly or by trigram similarity (typos), decision 0030.
 */
export const tagTerms = pgTable(
  "tag_terms",
  {
    term: text("term").notNull(),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    quality: smallint("quality").notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.term, t.tagId] }), index("tag_terms_tag_idx").on(t.tagId)],
);

/** Sticker styles; `names` holds the name in each of the 14 languages. */
export const styles = pgTable(
  "styles",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(),
    type: integer("type").notNull().default(1),
    sort: integer("sort").notNull().default(0),
    names: jsonb("names").$type<Record<string, string>>().notNull(),
    previewPicId: text("preview_pic_id"),
    createdAt: created(),
  },
  (t) => [uniqueIndex("styles_key_key").on(t.key), index("styles_type_sort_idx").on(t.type, t.sort)],
);

/** A stored image: the id is its content hash; variants live in storage under derived keys. */
/** Storage keys of a picture's layers (decision 0041). */
export interface PictureLayers {
  subject: string;
  caption: string | null;
  captionDirection: "ltr" | "rtl";
}

export interface EditablePicture {
  art: string;
  captionText: string | null;
}

export const pictures = pgTable("pictures", {
  id: text("id").primaryKey(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  pngKey: text("png_key").notNull(),
  thumbKey: text("thumb_key").notNull(),
  /**
   * The picture's layers where the generator drew it in parts (decision 0041): the subject without its
   * caption and the caption alone, storage keys of finished 512 px PNGs never served by name. Null for a
   * plain picture (a hosted one, or one stored before migration 0015): it moves as a whole.
   */
  layers: jsonb("layers").$type<PictureLayers>(),
  /**
   * What the sticker editor starts from (decision 0047): the art the generator drew before its outline
   * and caption (a storage key, never served by name) and the caption's words. Null: the editor starts
   * from the finished picture.
   */
  editable: jsonb("editable").$type<EditablePicture>(),
  createdAt: created(),
});

export const stickers = pgTable(
  "stickers",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The public id used in URLs and calls (spec §3 `stickerInstId`). */
    stickerInstId: text("sticker_inst_id").notNull(),
    taskId: bigint("task_id", { mode: "number" }),
    picId: text("pic_id")
      .notNull()
      .references(() => pictures.id),
    /**
     * Set while the sticker shows an edit of its picture (decision 0047): the picture as it was made,
     * which "Restore the original" puts back; `edit` holds the settings that drew `pic_id` from it.
     */
    originalPicId: text("original_pic_id").references(() => pictures.id),
    edit: jsonb("edit").$type<StickerEdit>(),
    name: text("name").notNull().default(""),
    prompt: text("prompt").notNull().default(""),
    styleId: integer("style_id").references(() => styles.id),
    ownerId: userRef("owner_id"),
    visibility: text("visibility", { enum: ["public", "private"] })
      .notNull()
      .default("public"),
    locale: text("locale").notNull().default("en"),
    favoriteCount: integer("favorite_count").notNull().default(0),
    /**
     * Popularity for the popular list: hotScore(favoriteCount, createdAt) from
     * server/stickers/hot-score.ts, or hotScoreSql() in an update that changes favoriteCount.
     * No default on purpose: every insert must state it, or a new sticker would sink to the bottom.
     */
    hotScore: doublePrecision("hot_score").notNull(),
    /**
     * Set while the sticker is kept out of the gallery by moderation (decision 0031): reports passed the
     * threshold, a moderator hid it, or its owner was banned. A hidden sticker is seen by its owner only;
     * `sticker_tags.is_public` is false while it is set (trigger of migration 0005).
     */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason", { enum: ["reports", "moderator", "ban"] }),
    /**
     * Its subject tags were added (decision 0030). Stickers made since migration 0006 are tagged as they
     * are made; older ones (false) are tagged by the bounded backfill at start.
     */
    subjectsTagged: boolean("subjects_tagged").notNull().default(false),
    /** A sticker that moves (decision 0041): its motion preset; its first frame is the picture `picId`. */
    motion: text("motion", { enum: MOTION_PRESETS }),
    /** The sticker this one was made from (a moving copy), while that one exists. */
    madeFromStickerId: bigint("made_from_sticker_id", { mode: "number" }).references((): AnyPgColumn => stickers.id, {
      onDelete: "set null",
    }),
    /** The public sticker this one is a remix of ("Make my version", decision 0046), while that one exists. */
    remixedFrom: bigint("remixed_from", { mode: "number" }).references((): AnyPgColumn => stickers.id, {
      onDelete: "set null",
    }),
    /**
     * The owner's own labels (decision 0042): 1–3 emoji, keywords, an alt text. Null is "automatic":
     * made from the sticker's mood and subject tags when read (server/stickers/labels/).
     */
    emoji: jsonb("emoji").$type<string[]>(),
    keywords: jsonb("keywords").$type<string[]>(),
    altText: text("alt_text"),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex("stickers_inst_id_key").on(t.stickerInstId),
    index("stickers_owner_idx").on(t.ownerId, t.id),
    index("stickers_pic_idx").on(t.picId),
    // Recommendations (same style, then popular) and the sitemap read public stickers only.
    index("stickers_public_style_hot_idx")
      .on(t.styleId, t.hotScore.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.visibility} = 'public'`),
    index("stickers_public_hot_idx")
      .on(t.hotScore.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.visibility} = 'public'`),
    index("stickers_public_id_idx").on(t.id).where(sql`${t.visibility} = 'public'`),
    index("stickers_untagged_idx").on(t.id).where(sql`not ${t.subjectsTagged}`),
    // A deleted sticker unlinks its remixes (on delete set null) through this index, not a scan.
    index("stickers_remixed_from_idx").on(t.remixedFrom).where(sql`${t.remixedFrom} is not null`),
  ],
);

/**
 * A sticker in a tag's list. `isPublic` (public and not hidden by moderation) and `hotScore` are copies
 * of the sticker's, kept by database triggers (migrations 0001 and 0005), so each public list is one
 * index range in its order at any page depth.
 */
export const stickerTags = pgTable(
  "sticker_tags",
  {
    stickerId: bigint("sticker_id", { mode: "number" })
      .notNull()
      .references(() => stickers.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id),
    isPublic: boolean("is_public").notNull().default(false),
    hotScore: doublePrecision("hot_score").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tagId, t.stickerId] }),
    index("sticker_tags_sticker_idx").on(t.stickerId),
    index("sticker_tags_public_hot_idx")
      .on(t.tagId, t.hotScore.desc().nullsFirst(), t.stickerId.desc().nullsFirst())
      .where(sql`${t.isPublic}`),
    index("sticker_tags_public_id_idx").on(t.tagId, t.stickerId.desc().nullsFirst()).where(sql`${t.isPublic}`),
  ],
);

/**
 * Search's own inverted index of the stickers' words (decision 0030): one row per distinct lexeme of a
 * sticker's `search_doc`, with copies of its hot score and "public and not hidden", kept by triggers of
 * migration 0006. A word's most popular public stickers are then one index range, like a tag's list.
 */
export const stickerWords = pgTable(
  "sticker_words",
  {
    word: text("word").notNull(),
    stickerId: bigint("sticker_id", { mode: "number" })
      .notNull()
      .references(() => stickers.id, { onDelete: "cascade" }),
    hotScore: doublePrecision("hot_score").notNull(),
    isPublic: boolean("is_public").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.stickerId, t.word] }),
    index("sticker_words_public_hot_idx")
      .on(t.word, t.hotScore.desc().nullsFirst(), t.stickerId.desc().nullsFirst())
      .where(sql`${t.isPublic}`),
  ],
);

/** Prompt suggestions, per interface language. */
export const prompts = pgTable(
  "prompts",
  {
    id: serial("id").primaryKey(),
    locale: text("locale").notNull(),
    text: text("text").notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [uniqueIndex("prompts_locale_text_key").on(t.locale, t.text)],
);

/** Tips shown while a sticker is made, per interface language. */
export const tips = pgTable(
  "tips",
  {
    id: serial("id").primaryKey(),
    locale: text("locale").notNull(),
    text: text("text").notNull(),
  },
  (t) => [uniqueIndex("tips_locale_text_key").on(t.locale, t.text)],
);

export const favorites = pgTable(
  "favorites",
  {
    userId: userRef().notNull(),
    stickerId: bigint("sticker_id", { mode: "number" })
      .notNull()
      .references(() => stickers.id, { onDelete: "cascade" }),
    createdAt: created(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.stickerId] }),
    index("favorites_user_created_idx").on(t.userId, t.createdAt),
    // Explore's rule counts a sticker's recent favourites (decision 0031, migration 0007).
    index("favorites_sticker_created_idx").on(t.stickerId, t.createdAt),
  ],
);

/** A generation task: type text 1 / image 2, status wait 0, exeing 1, success 2, failed 3 (spec §3). */
export const tasks = pgTable(
  "tasks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef().notNull(),
    type: smallint("type").notNull(),
    status: smallint("status").notNull().default(0),
    progress: smallint("progress").notNull().default(0),
    prompt: text("prompt").notNull().default(""),
    styleId: integer("style_id").references(() => styles.id),
    /** The uploaded picture (re-encoded PNG in storage) of an image task. */
    inputKey: text("input_key"),
    /** What the made stickers will be: public (tag 1, in latest and popular) unless the owner chose private. */
    visibility: text("visibility", { enum: ["public", "private"] })
      .notNull()
      .default("public"),
    /** The interface language it was asked in (captions and names follow it). */
    locale: text("locale").notNull().default("en"),
    resultPicIds: jsonb("result_pic_ids").$type<string[]>().notNull().default([]),
    errorCode: text("error_code"),
    cost: integer("cost").notNull().default(0),
    /** A pack made in one go (decision 0026): the pack its sticker joins, and the mood it draws. */
    packId: bigint("pack_id", { mode: "number" }).references((): AnyPgColumn => packs.id, { onDelete: "set null" }),
    mood: text("mood"),
    /**
     * The id the page made for one picked picture's upload (decision 0029): a repeated submit with it
     * answers this task instead of starting (and paying for) a second one.
     */
    clientUploadId: text("client_upload_id"),
    /** A motion task (type 3, decision 0041): the sticker it makes move, and the preset. */
    sourceStickerId: bigint("source_sticker_id", { mode: "number" }).references((): AnyPgColumn => stickers.id, {
      onDelete: "set null",
    }),
    motion: text("motion", { enum: MOTION_PRESETS }),
    /** "Make my version" (decision 0046): the public sticker its sticker will be a remix of. */
    remixedFrom: bigint("remixed_from", { mode: "number" }).references((): AnyPgColumn => stickers.id, {
      onDelete: "set null",
    }),
    /** The emoji its sticker joins `packId` with: a pack made to move in one go keeps its stickers' emoji. */
    packEmoji: jsonb("pack_emoji").$type<string[]>(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: created(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("tasks_user_created_idx").on(t.userId, t.createdAt),
    index("tasks_pack_idx").on(t.packId).where(sql`${t.packId} is not null`),
    uniqueIndex("tasks_user_upload_key").on(t.userId, t.clientUploadId).where(sql`${t.clientUploadId} is not null`),
  ],
);

/**
 * A sticker pack (decision 0024): an owner's ordered set of stickers for a messenger. `packId` is the public
 * id in URLs and calls; private packs are seen by their owner only (404 to anyone else).
 */
export const packs = pgTable(
  "packs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    packId: text("pack_id").notNull(),
    ownerId: userRef("owner_id").notNull(),
    name: text("name").notNull(),
    visibility: text("visibility", { enum: ["public", "private"] })
      .notNull()
      .default("private"),
    /** The sticker shown for the pack (gallery card, Open Graph image, tray icon); null = the first. */
    coverStickerId: bigint("cover_sticker_id", { mode: "number" }).references(() => stickers.id, { onDelete: "set null" }),
    /** The interface language it was made in (instructions and captions follow the viewer's). */
    locale: text("locale").notNull().default("en"),
    /** When a moderator hid it (decision 0035): out of the gallery for everyone but its owner and staff. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /**
     * When the owner first put the stickers in an order of their own (decision 0026): from then on a
     * sticker of a pack made in one go joins at the end, and the made ones are no longer put in mood order.
     */
    orderedByOwnerAt: timestamp("ordered_by_owner_at", { withTimezone: true }),
    /**
     * The id the page made for the upload of the photo a pack is made from (decision 0029): a repeated
     * make with it answers this pack instead of making (and paying for) a second one.
     */
    clientUploadId: text("client_upload_id"),
    /** Whose photo its stickers were drawn from, under which licence (decision 0049); null for a pack of our own art. */
    credit: jsonb("credit").$type<PhotoCredit>(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex("packs_pack_id_key").on(t.packId),
    uniqueIndex("packs_owner_upload_key").on(t.ownerId, t.clientUploadId).where(sql`${t.clientUploadId} is not null`),
    index("packs_owner_idx").on(t.ownerId, t.id),
    index("packs_public_idx").on(t.id.desc().nullsFirst()).where(sql`${t.visibility} = 'public'`),
  ],
);

/** A sticker in a pack, at its place (0-based, dense), with the one to three emoji it stands for. */
export const packStickers = pgTable(
  "pack_stickers",
  {
    packId: bigint("pack_id", { mode: "number" })
      .notNull()
      .references(() => packs.id, { onDelete: "cascade" }),
    stickerId: bigint("sticker_id", { mode: "number" })
      .notNull()
      .references(() => stickers.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    emoji: jsonb("emoji").$type<string[]>().notNull().default([]),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.packId, t.stickerId] }),
    index("pack_stickers_order_idx").on(t.packId, t.position),
    index("pack_stickers_sticker_idx").on(t.stickerId),
  ],
);

/** Why a sticker was reported: `REPORT_REASONS` of common/moderation.ts, which the page's dialog shares. */
export { REPORT_REASONS };

/** One user's report of one sticker (one per user per sticker), until a moderator resolves it. */
export const reports = pgTable(
  "reports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    stickerId: bigint("sticker_id", { mode: "number" })
      .notNull()
      .references(() => stickers.id, { onDelete: "cascade" }),
    reporterId: userRef("reporter_id").notNull(),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    createdAt: created(),
    /** Set when a moderator decided (hid, restored, banned); a resolved report no longer counts. */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: userRef("resolved_by"),
  },
  (t) => [
    uniqueIndex("reports_sticker_reporter_key").on(t.stickerId, t.reporterId),
    index("reports_open_idx").on(t.stickerId).where(sql`${t.resolvedAt} is null`),
  ],
);

/** One user's report of one pack (one per user per pack), until a moderator resolves it (decision 0035). */
export const packReports = pgTable(
  "pack_reports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    packId: bigint("pack_id", { mode: "number" })
      .notNull()
      .references(() => packs.id, { onDelete: "cascade" }),
    reporterId: userRef("reporter_id").notNull(),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    createdAt: created(),
    /** Set when a moderator decided (hid or restored the pack, banned its owner or the reporter). */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: userRef("resolved_by"),
  },
  (t) => [
    uniqueIndex("pack_reports_pack_reporter_key").on(t.packId, t.reporterId),
    index("pack_reports_open_idx").on(t.packId).where(sql`${t.resolvedAt} is null`),
  ],
);

/** The moderation desk's audit log: every action, who took it, on what, and when. Never updated or deleted. */
export const moderationActions = pgTable(
  "moderation_actions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: userRef("actor_id").notNull(),
    /** e.g. hide, restore, ban, unban, pick, unpick. */
    action: text("action").notNull(),
    stickerId: bigint("sticker_id", { mode: "number" }).references(() => stickers.id, { onDelete: "set null" }),
    /** The pack of hidePack / restorePack (decision 0035). */
    packId: bigint("pack_id", { mode: "number" }).references((): AnyPgColumn => packs.id, { onDelete: "set null" }),
    targetUserId: userRef("target_user_id"),
    note: text("note").notNull().default(""),
    createdAt: created(),
  },
  (t) => [
    index("moderation_actions_created_idx").on(t.createdAt),
    // Did an editor take this sticker out of explore? (decision 0031, migration 0007)
    index("moderation_actions_sticker_idx").on(t.stickerId).where(sql`${t.stickerId} is not null`),
  ],
);

/** Every change of a points balance, with the key that makes it happen at most once. */
export const pointsLedger = pgTable(
  "points_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef().notNull(),
    delta: integer("delta").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    reason: text("reason").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex("points_ledger_idempotency_key").on(t.idempotencyKey), index("points_ledger_user_idx").on(t.userId)],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef().notNull(),
    provider: text("provider").notNull(),
    providerCustomerId: text("provider_customer_id"),
    providerSubscriptionId: text("provider_subscription_id").notNull(),
    planId: integer("plan_id").notNull(),
    priceId: text("price_id").notNull(),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex("subscriptions_provider_sub_key").on(t.provider, t.providerSubscriptionId),
    index("subscriptions_user_idx").on(t.userId),
  ],
);

/** Payments and trials (spec §4 user type: a trial trade decides trail / formal / other). */
export const trades = pgTable(
  "trades",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef().notNull(),
    kind: text("kind", { enum: ["trial", "subscription", "points"] }).notNull(),
    planId: integer("plan_id"),
    providerRef: text("provider_ref").notNull(),
    status: text("status").notNull(),
    amountCents: integer("amount_cents").notNull().default(0),
    currency: text("currency").notNull().default("usd"),
    createdAt: created(),
  },
  (t) => [uniqueIndex("trades_provider_ref_key").on(t.providerRef), index("trades_user_idx").on(t.userId)],
);

/** Payment-provider events already handled (webhook idempotency by event id). */
export const paymentEvents = pgTable("payment_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export const invites = pgTable(
  "invites",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    inviterId: userRef("inviter_id").notNull(),
    inviteeId: userRef("invitee_id").notNull(),
    code: text("code").notNull(),
    /** When the invitee's first sticker paid the rewards (decision 0016); null until then. */
    rewardedAt: timestamp("rewarded_at", { withTimezone: true }),
    /** False when the inviter had reached INVITE_REWARDS_PER_DAY that day: only the invitee was paid. */
    inviterRewarded: boolean("inviter_rewarded").notNull().default(false),
    createdAt: created(),
  },
  (t) => [uniqueIndex("invites_invitee_key").on(t.inviteeId), index("invites_inviter_idx").on(t.inviterId)],
);

/** Analytics events (POST /api/event). */
export const events = pgTable(
  "events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }),
    clientId: text("client_id"),
    name: text("name").notNull(),
    path: text("path"),
    props: jsonb("props").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: created(),
  },
  (t) => [index("events_name_created_idx").on(t.name, t.createdAt), index("events_created_idx").on(t.createdAt)],
);

/**
 * When each periodic sweep last started (decision 0034): a process claims a run by moving
 * `started_at` forward, in one statement, only when the interval has passed, so of many processes
 * ticking at once exactly one sweeps.
 */
export const maintenanceRuns = pgTable("maintenance_runs", {
  name: text("name").primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
});

/**
 * The mailboxes of deleted accounts, as a hash only (decision 0037): a new account of one of them gets
 * no second starting points nor an invite, while the address itself is not kept.
 */
export const deletedMailboxes = pgTable("deleted_mailboxes", {
  mailboxHash: text("mailbox_hash").primaryKey(),
  deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Stored files a deleted account leaves behind (decision 0037), written in the deletion's transaction:
 * removed from storage right after it commits, and by the sweep for whatever that left (a process
 * stopped half-way, storage unreachable), so no file of a deleted account is forgotten.
 */
export const filesToDelete = pgTable("files_to_delete", {
  key: text("key").primaryKey(),
  queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Errors the pages report (window errors and unhandled rejections). */
export const clientErrors = pgTable("client_errors", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  kind: text("kind").notNull(),
  message: text("message").notNull(),
  stack: text("stack"),
  url: text("url"),
  userAgent: text("user_agent"),
  release: text("release"),
  createdAt: created(),
});

export const feedback = pgTable("feedback", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: bigint("user_id", { mode: "number" }),
  email: text("email"),
  content: text("content").notNull(),
  /** The page the feedback was sent from (a path). */
  page: text("page"),
  locale: text("locale").notNull().default("en"),
  createdAt: created(),
});

/**
 * A user's linked Telegram account (issue 28, decision 0044): recorded by our bot's webhook when the
 * user opens the one-use deep link, so "Add to Telegram" can make sticker sets owned by that Telegram
 * user. `blockedAt` is set when the user blocks the bot (Telegram then refuses every call about them),
 * and cleared when they press Start again.
 */
export const telegramAccounts = pgTable(
  "telegram_accounts",
  {
    userId: bigint("user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    telegramUserId: bigint("telegram_user_id", { mode: "number" }).notNull(),
    username: text("username"),
    firstName: text("first_name").notNull().default(""),
    /** Telegram's language of the user's app, when it is one of ours: the bot answers in it. */
    language: text("language"),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("telegram_accounts_telegram_user_key").on(t.telegramUserId)],
);

/** One-use codes of the deep link `t.me/<bot>?start=<code>`, stored as a hash, valid for minutes. */
export const telegramLinkCodes = pgTable("telegram_link_codes", {
  codeHash: text("code_hash").primaryKey(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** A sticker of a Telegram set as we last left it: enough to tell what changed since. */
export interface TelegramSetSticker {
  stickerId: number;
  fileId: string;
  fileUniqueId: string;
  /** What the file was made from (picture, motion, mark): a new one is replaced in the set. */
  source: string;
  emoji: string[];
  keywords: string[];
}

/**
 * A pack's sticker set in one user's Telegram (decision 0044): its name, what we last put there, and
 * the state of the queued job that brings it up to date.
 */
export const telegramSets = pgTable(
  "telegram_sets",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    packId: bigint("pack_id", { mode: "number" })
      .notNull()
      .references(() => packs.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Telegram's set name, `…_by_<bot>`: its link is t.me/addstickers/<name>. */
    name: text("name").notNull(),
    /** Null until the set exists in Telegram. */
    title: text("title"),
    thumbnailSource: text("thumbnail_source"),
    stickers: jsonb("stickers").$type<TelegramSetSticker[]>().notNull().default([]),
    state: text("state", { enum: TELEGRAM_SET_STATES }).notNull().default("queued"),
    /** The error code of a failed sync (an AppError code), shown translated on the pack page. */
    error: text("error"),
    /** Stickers done of the sync running now, and its total: the page's progress. */
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    syncedAt: timestamp("synced_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("telegram_sets_pack_user_key").on(t.packId, t.userId), uniqueIndex("telegram_sets_name_key").on(t.name)],
);

/**
 * Telegram's file_id for a picture's Telegram sticker file with a given mark (decision 0044): learnt when
 * the bot sends that file (to its cache chat for inline mode, or as a chat's answer) so the file goes
 * up once and inline answers can name it.
 */
export const telegramStickerFiles = pgTable(
  "telegram_sticker_files",
  {
    picId: text("pic_id")
      .notNull()
      .references(() => pictures.id, { onDelete: "cascade" }),
    /** The messenger mark the file carries: inline answers use only "corner" ones. */
    mark: text("mark", { enum: ["corner", "none"] }).notNull(),
    fileId: text("file_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.picId, t.mark] })],
);

/**
 * A picture an edit or a restore has just replaced on a sticker (decision 0047): a page already open
 * still shows it, so while the sticker is public it is served to everyone for REPLACED_PICTURE_GRACE
 * after the change, not answered 404 under the viewer's eyes.
 */
export const replacedPictures = pgTable(
  "replaced_pictures",
  {
    picId: text("pic_id")
      .notNull()
      .references(() => pictures.id, { onDelete: "cascade" }),
    stickerId: bigint("sticker_id", { mode: "number" })
      .notNull()
      .references(() => stickers.id, { onDelete: "cascade" }),
    replacedAt: timestamp("replaced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.picId, t.stickerId] })],
);
