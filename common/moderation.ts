/**
 * Reports, the moderation desk and explore's rule (issue 16, decision 0031): the numbers both the page
 * and the server use.
 */

/** Why a sticker is reported; the `reports.reason` column of server/db/schema.ts takes its values from here. */
export const REPORT_REASONS = ["sexual", "violence", "hate", "harassment", "spam", "copyright", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * Open reports from distinct users that hide a sticker pending review (decision 0031): one report is an
 * opinion, and two can be a pair of friends; three strangers agreeing is rare for a fine sticker.
 */
export const REPORT_HIDE_THRESHOLD = 3;

/** The optional note of a report, in characters. */
export const REPORT_NOTE_MAX_LENGTH = 500;

/** A moderator's note on an action (the audit log), in characters. */
export const MODERATION_NOTE_MAX_LENGTH = 500;

/**
 * Explore's rule (decision 0031): a public, not hidden sticker favourited by at least this many users
 * (not its owner) within EXPLORE_RULE_WINDOW_DAYS joins explore when the favourite that reaches it is added.
 */
export const EXPLORE_RULE_FAVORITES = 3;
export const EXPLORE_RULE_WINDOW_DAYS = 7;

/** The staff roles of `users.role`; granted only by `npm run grant-role` (scripts/grant-role.ts). */
export const STAFF_ROLES = ["admin", "moderator"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What the audit log records. */
export const MODERATION_ACTIONS = ["hide", "restore", "ban", "unban", "pick", "unpick", "hiddenByReports"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** One sticker in the desk's queue (`GET /api/admin/queue`). */
export interface QueueItem {
  stickerInstId: string;
  name: string;
  prompt: string;
  thumbUrl: string;
  visibility: "public" | "private";
  hiddenReason: "reports" | "moderator" | "ban" | null;
  inExplore: boolean;
  owner: { userId: number; email: string; role: StaffRole | null; banned: boolean } | null;
  firstReportAt: string;
  reasons: { reason: ReportReason; count: number }[];
  notes: { reason: ReportReason; note: string; createdAt: string }[];
}

/** A banned user on the desk (`GET /api/admin/banned`). */
export interface BannedUser {
  userId: number;
  email: string;
  bannedAt: string;
}

/** One line of the audit log (`GET /api/admin/actions`). */
export interface ModerationLogEntry {
  id: number;
  action: string;
  actor: { userId: number; email: string };
  stickerInstId: string | null;
  target: { userId: number; email: string } | null;
  note: string;
  createdAt: string;
}
