import { z } from "zod";
import { packIdInput } from "#common/api/packs.ts";
import { stickerInstId } from "#common/api/stickers.ts";
import { MODERATION_NOTE_MAX_LENGTH, REPORT_NOTE_MAX_LENGTH, REPORT_REASONS } from "#common/moderation.ts";
import { pageInput } from "#common/paging.ts";
import type { AppContext } from "../context.ts";
import { clientAddressOf } from "../http/client-address.ts";
import { defineCall, requireViewer } from "../http/define-call.ts";
import { createRateLimit } from "../rate-limit.ts";
import { pageModerationActions } from "./audit-log.ts";
import { banUser, unbanUser } from "./ban-user.ts";
import { hidePack, restorePack } from "./hide-pack.ts";
import { hideSticker, restoreSticker } from "./hide-sticker.ts";
import { listBannedUsers, pageModerationQueue } from "./moderation-queue.ts";
import { pagePackQueue } from "./pack-queue.ts";
import { pickForExplore, unpickFromExplore } from "./pick-for-explore.ts";
import { reportPack } from "./report-pack.ts";
import { reportSticker } from "./report-sticker.ts";
import { requireStaff } from "./staff.ts";

/**
 * Reports per user per hour, stickers and packs together: enough for an honest user, too few to flood
 * the desk (decisions 0031, 0035).
 */
export const REPORTS_PER_HOUR = 20;

const queueItem = z.object({
  stickerInstId: z.string(),
  name: z.string(),
  prompt: z.string(),
  thumbUrl: z.string(),
  visibility: z.enum(["public", "private"]),
  hiddenReason: z.enum(["reports", "moderator", "ban"]).nullable(),
  inExplore: z.boolean(),
  owner: z
    .object({ userId: z.number(), email: z.string(), role: z.enum(["admin", "moderator"]).nullable(), banned: z.boolean() })
    .nullable(),
  firstReportAt: z.string(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number() })),
  notes: z.array(z.object({ reason: z.enum(REPORT_REASONS), note: z.string(), createdAt: z.string() })),
});
const logEntry = z.object({
  id: z.number(),
  action: z.string(),
  actor: z.object({ userId: z.number(), email: z.string() }),
  stickerInstId: z.string().nullable(),
  packId: z.string().nullable(),
  target: z.object({ userId: z.number(), email: z.string() }).nullable(),
  note: z.string(),
  createdAt: z.string(),
});
const packQueueItem = z.object({
  packId: z.string(),
  name: z.string(),
  visibility: z.enum(["public", "private"]),
  hidden: z.boolean(),
  owner: z.object({
    userId: z.number(),
    email: z.string(),
    role: z.enum(["admin", "moderator"]).nullable(),
    banned: z.boolean(),
  }),
  firstReportAt: z.string(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number() })),
  notes: z.array(z.object({ reason: z.enum(REPORT_REASONS), note: z.string(), createdAt: z.string() })),
});
const note = z.string().max(MODERATION_NOTE_MAX_LENGTH).default("");
const done = z.object({ ok: z.literal(true) });

/** `POST /api/sticker/report` and `POST /api/pack/report` (any signed-in user), one hourly budget for both. */
export function reportCalls(app: AppContext) {
  const perUser = createRateLimit(app.config, { name: "report-user", points: REPORTS_PER_HOUR, durationSeconds: 3600 });
  const report = defineCall({
    method: "POST",
    path: "/api/sticker/report",
    summary: `Reports a sticker (a reason, an optional note of at most ${REPORT_NOTE_MAX_LENGTH} characters): one report per user per sticker (ALREADY_REPORTED), never one's own (OWN_STICKER_REPORT). At the threshold of open reports the sticker is hidden pending review. ${REPORTS_PER_HOUR} per user per hour.`,
    tag: "moderation",
    access: "user",
    input: z.object({
      stickerInstId,
      reason: z.enum(REPORT_REASONS),
      note: z.string().max(REPORT_NOTE_MAX_LENGTH).default(""),
    }),
    output: z.object({ stickerInstId: z.string(), hidden: z.boolean() }),
    async handle({ input, viewer, c }) {
      const userId = requireViewer(viewer).userId;
      await perUser.consume(`${userId}`);
      c.var.log.info({ userId, client: clientAddressOf(c) }, "sticker reported");
      return reportSticker(app.database.db, { userId, ...input });
    },
  });
  const reportOfPack = defineCall({
    method: "POST",
    path: "/api/pack/report",
    summary: `Reports a pack with the sticker reasons (an optional note of at most ${REPORT_NOTE_MAX_LENGTH} characters) for the moderation desk: one report per user per pack (ALREADY_REPORTED), never one's own (OWN_PACK_REPORT), only a pack the caller can see (else PACK_NOT_FOUND). Shares the ${REPORTS_PER_HOUR} reports per user per hour of sticker reports.`,
    tag: "moderation",
    access: "user",
    input: z.object({
      packId: packIdInput,
      reason: z.enum(REPORT_REASONS),
      note: z.string().max(REPORT_NOTE_MAX_LENGTH).default(""),
    }),
    output: z.object({ packId: z.string() }),
    async handle({ input, viewer, c }) {
      const userId = requireViewer(viewer).userId;
      await perUser.consume(`${userId}`);
      c.var.log.info({ userId, client: clientAddressOf(c) }, "pack reported");
      return reportPack(app.database.db, { userId, ...input });
    },
  });
  return [report, reportOfPack];
}

/**
 * The moderation desk's calls (decision 0031): signed-in users only (a visitor gets AUTH_ERROR), and
 * then staff only (anyone else NO_PERMISSION, checked by `requireStaff` before anything is read).
 */
export function adminCalls(app: AppContext) {
  const db = app.database.db;
  const staffOf = (viewer: Parameters<typeof requireViewer>[0]) => requireStaff(db, requireViewer(viewer).userId);

  const queue = defineCall({
    method: "GET",
    path: "/api/admin/queue",
    summary:
      "Staff: stickers with open reports (private ones too), oldest first report first, with reasons counted and notes. Owners' e-mail addresses are masked (d***@example.com) unless the caller is an admin.",
    tag: "admin",
    access: "user",
    input: z.object(pageInput),
    output: z.object({ list: z.array(queueItem), total: z.number() }),
    async handle({ input, viewer }) {
      return pageModerationQueue(db, await staffOf(viewer), input);
    },
  });

  const actions = defineCall({
    method: "GET",
    path: "/api/admin/actions",
    summary: "Staff: the audit log of moderation actions, newest first; e-mail addresses masked unless the caller is an admin.",
    tag: "admin",
    access: "user",
    input: z.object(pageInput),
    output: z.object({ list: z.array(logEntry), total: z.number() }),
    async handle({ input, viewer }) {
      return pageModerationActions(db, await staffOf(viewer), input);
    },
  });

  const banned = defineCall({
    method: "GET",
    path: "/api/admin/banned",
    summary: "Staff: banned users, the most recent first (at most 100); e-mail addresses masked unless the caller is an admin.",
    tag: "admin",
    access: "user",
    input: z.object({}),
    output: z.array(z.object({ userId: z.number(), email: z.string(), bannedAt: z.string() })),
    async handle({ viewer }) {
      return listBannedUsers(db, await staffOf(viewer), { limit: 100 });
    },
  });

  const packQueue = defineCall({
    method: "GET",
    path: "/api/admin/packQueue",
    summary:
      "Staff: packs with open reports (private and hidden ones too), oldest first report first, with reasons counted and notes. Owners' e-mail addresses are masked unless the caller is an admin.",
    tag: "admin",
    access: "user",
    input: z.object(pageInput),
    output: z.object({ list: z.array(packQueueItem), total: z.number() }),
    async handle({ input, viewer }) {
      return pagePackQueue(db, await staffOf(viewer), input);
    },
  });

  const onPack = (path: `/api/admin/${string}`, summary: string, act: typeof hidePack) =>
    defineCall({
      method: "POST",
      path,
      summary,
      tag: "admin",
      access: "user",
      input: z.object({ packId: packIdInput, note }),
      output: done,
      async handle({ input, viewer }) {
        await act(db, await staffOf(viewer), input);
        return { ok: true as const };
      },
    });

  const onSticker = (path: `/api/admin/${string}`, summary: string, act: typeof hideSticker) =>
    defineCall({
      method: "POST",
      path,
      summary,
      tag: "admin",
      access: "user",
      input: z.object({ stickerInstId, note }),
      output: done,
      async handle({ input, viewer }) {
        await act(db, await staffOf(viewer), input);
        return { ok: true as const };
      },
    });

  const onUser = (path: `/api/admin/${string}`, summary: string, act: typeof banUser) =>
    defineCall({
      method: "POST",
      path,
      summary,
      tag: "admin",
      access: "user",
      input: z.object({ userId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER), note }),
      output: done,
      async handle({ input, viewer }) {
        await act(app, await staffOf(viewer), input);
        return { ok: true as const };
      },
    });

  return [
    queue,
    actions,
    banned,
    onSticker("/api/admin/hide", "Staff: hides a sticker from everyone but its owner; resolves its open reports.", hideSticker),
    onSticker("/api/admin/restore", "Staff: brings a hidden sticker back; resolves its open reports.", restoreSticker),
    onSticker("/api/admin/pick", "Staff: puts a public sticker in explore (tag 2).", pickForExplore),
    onSticker(
      "/api/admin/unpick",
      "Staff: takes a sticker out of explore; the favourites rule will not bring it back.",
      unpickFromExplore,
    ),
    onUser(
      "/api/admin/ban",
      "Staff: bans a user: sessions end at once, stickers leave the gallery, sign-in answers ACCOUNT_BANNED. Only an admin may ban a moderator; nobody an admin.",
      banUser,
    ),
    onUser("/api/admin/unban", "Staff: lifts a ban; the stickers the ban hid come back.", unbanUser),
    packQueue,
    onPack(
      "/api/admin/hidePack",
      "Staff: hides a pack from everyone but its owner (page, packs list, sitemap, exports); resolves its open reports.",
      hidePack,
    ),
    onPack("/api/admin/restorePack", "Staff: brings a hidden pack back; resolves its open reports.", restorePack),
  ];
}
