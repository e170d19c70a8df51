import { z } from "zod";
import {
  MODERATION_NOTE_MAX_LENGTH,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASONS,
  REPORTS_PER_HOUR,
  STAFF_ROLES,
} from "../moderation.ts";
import { pageInput } from "../paging.ts";
import { declareCall } from "./declare-call.ts";
import { packIdInput as packId } from "./packs.ts";
import { stickerInstId, visibility } from "./stickers.ts";

const reason = z.enum(REPORT_REASONS);
const reasonsCounted = z.array(z.object({ reason, count: z.number() }));
const reportNotes = z.array(z.object({ reason, note: z.string(), createdAt: z.string() }));
const owner = z.object({ userId: z.number(), email: z.string(), role: z.enum(STAFF_ROLES).nullable(), banned: z.boolean() });

/** One sticker in the desk's queue (`GET /api/admin/queue`). */
const queueItem = z.object({
  stickerInstId: z.string(),
  name: z.string(),
  prompt: z.string(),
  thumbUrl: z.string(),
  visibility,
  hiddenReason: z.enum(["reports", "moderator", "ban"]).nullable(),
  inExplore: z.boolean(),
  owner: owner.nullable(),
  firstReportAt: z.string(),
  reasons: reasonsCounted,
  notes: reportNotes,
});
export type QueueItem = z.output<typeof queueItem>;

/** One pack in the desk's pack queue (`GET /api/admin/packQueue`, decision 0035). */
const packQueueItem = z.object({
  packId: z.string(),
  name: z.string(),
  visibility,
  hidden: z.boolean().describe("True while a moderator keeps it out of the gallery."),
  owner,
  firstReportAt: z.string(),
  reasons: reasonsCounted,
  notes: reportNotes,
});
export type PackQueueItem = z.output<typeof packQueueItem>;

/** A banned user on the desk (`GET /api/admin/banned`). */
const bannedUser = z.object({ userId: z.number(), email: z.string(), bannedAt: z.string() });
export type BannedUser = z.output<typeof bannedUser>;

/** One line of the audit log (`GET /api/admin/actions`). */
const logEntry = z.object({
  id: z.number(),
  action: z.string(),
  actor: z.object({ userId: z.number(), email: z.string() }),
  stickerInstId: z.string().nullable(),
  packId: z.string().nullable().describe("The pack of hidePack / restorePack."),
  target: z.object({ userId: z.number(), email: z.string() }).nullable(),
  note: z.string(),
  createdAt: z.string(),
});
export type ModerationLogEntry = z.output<typeof logEntry>;

const reportNote = z.string().max(REPORT_NOTE_MAX_LENGTH).default("");

/** `POST /api/sticker/report` and `POST /api/pack/report` (any signed-in user), one hourly budget for both. */
export const reportCalls = {
  sticker: declareCall({
    method: "POST",
    path: "/api/sticker/report",
    summary: `Reports a sticker (a reason, an optional note of at most ${REPORT_NOTE_MAX_LENGTH} characters): one report per user per sticker (ALREADY_REPORTED), never one's own (OWN_STICKER_REPORT). At the threshold of open reports the sticker is hidden pending review. ${REPORTS_PER_HOUR} per user per hour.`,
    tag: "moderation",
    access: "user",
    input: z.object({ stickerInstId, reason, note: reportNote }),
    output: z.object({ stickerInstId: z.string(), hidden: z.boolean() }),
  }),

  pack: declareCall({
    method: "POST",
    path: "/api/pack/report",
    summary: `Reports a pack with the sticker reasons (an optional note of at most ${REPORT_NOTE_MAX_LENGTH} characters) for the moderation desk: one report per user per pack (ALREADY_REPORTED), never one's own (OWN_PACK_REPORT), only a pack the caller can see (else PACK_NOT_FOUND). Shares the ${REPORTS_PER_HOUR} reports per user per hour of sticker reports.`,
    tag: "moderation",
    access: "user",
    input: z.object({ packId, reason, note: reportNote }),
    output: z.object({ packId: z.string() }),
  }),
};

const note = z.string().max(MODERATION_NOTE_MAX_LENGTH).default("");
const done = z.object({ ok: z.literal(true) });

/** A desk action on one sticker, one user or one pack (`target`), with the moderator's note for the audit log. */
const deskAction = <Target extends z.ZodRawShape>(path: `/api/admin/${string}`, summary: string, target: Target) =>
  declareCall({
    method: "POST",
    path,
    summary,
    tag: "admin",
    access: "staff",
    input: z.object({ ...target, note }),
    output: done,
  });
const sticker = { stickerInstId };
const user = { userId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) };
const pack = { packId };

/**
 * The moderation desk's calls (decision 0031): a visitor gets AUTH_ERROR, anyone but staff
 * NO_PERMISSION, checked before anything is read.
 */
export const deskCalls = {
  queue: declareCall({
    method: "GET",
    path: "/api/admin/queue",
    summary:
      "Staff: stickers with open reports (private ones too), oldest first report first, with reasons counted and notes. Owners' e-mail addresses are masked (d***@example.com) unless the caller is an admin.",
    tag: "admin",
    access: "staff",
    input: z.object(pageInput),
    output: z.object({ list: z.array(queueItem), total: z.number() }),
  }),

  actions: declareCall({
    method: "GET",
    path: "/api/admin/actions",
    summary: "Staff: the audit log of moderation actions, newest first; e-mail addresses masked unless the caller is an admin.",
    tag: "admin",
    access: "staff",
    input: z.object(pageInput),
    output: z.object({ list: z.array(logEntry), total: z.number() }),
  }),

  banned: declareCall({
    method: "GET",
    path: "/api/admin/banned",
    summary: "Staff: banned users, the most recent first (at most 100); e-mail addresses masked unless the caller is an admin.",
    tag: "admin",
    access: "staff",
    input: z.object({}),
    output: z.array(bannedUser),
  }),

  hide: deskAction("/api/admin/hide", "Staff: hides a sticker from everyone but its owner; resolves its open reports.", sticker),
  restore: deskAction("/api/admin/restore", "Staff: brings a hidden sticker back; resolves its open reports.", sticker),
  pick: deskAction("/api/admin/pick", "Staff: puts a public sticker in explore (tag 2).", sticker),
  unpick: deskAction(
    "/api/admin/unpick",
    "Staff: takes a sticker out of explore; the favourites rule will not bring it back.",
    sticker,
  ),
  ban: deskAction(
    "/api/admin/ban",
    "Staff: bans a user: sessions end at once, stickers leave the gallery, sign-in answers ACCOUNT_BANNED. Only an admin may ban a moderator; nobody an admin.",
    user,
  ),
  unban: deskAction("/api/admin/unban", "Staff: lifts a ban; the stickers the ban hid come back.", user),

  packQueue: declareCall({
    method: "GET",
    path: "/api/admin/packQueue",
    summary:
      "Staff: packs with open reports (private and hidden ones too), oldest first report first, with reasons counted and notes. Owners' e-mail addresses are masked unless the caller is an admin.",
    tag: "admin",
    access: "staff",
    input: z.object(pageInput),
    output: z.object({ list: z.array(packQueueItem), total: z.number() }),
  }),

  hidePack: deskAction(
    "/api/admin/hidePack",
    "Staff: hides a pack from everyone but its owner (page, packs list, sitemap, exports); resolves its open reports.",
    pack,
  ),
  restorePack: deskAction("/api/admin/restorePack", "Staff: brings a hidden pack back; resolves its open reports.", pack),
};
