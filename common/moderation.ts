/**
 * Reports, the moderation desk and explore's rule (decisions 0031, 0035): the numbers both the page
 * and the server use.
 */

/** Why a sticker is reported; the `reports.reason` column of server/db/schema.ts takes its values from here. */
export const REPORT_REASONS = ["sexual", "violence", "hate", "harassment", "spam", "copyright", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * Open reports from distinct people that hide a sticker pending review (decisions 0031, 0035): one
 * report is an opinion, and two can be a pair of friends; three strangers agreeing is rare for a fine
 * sticker. People, not accounts: distinct mailboxes, never the owner's, only accounts with standing.
 */
export const REPORT_HIDE_THRESHOLD = 3;

/**
 * Standing (decision 0035): an account's reports and favourites count toward hiding a sticker and
 * explore's rule only once the account is at least this many hours old and has made at least
 * STANDING_MIN_STICKERS stickers. Without standing they are still recorded and shown to staff.
 */
export const STANDING_MIN_ACCOUNT_HOURS = 24;
export const STANDING_MIN_STICKERS = 1;

/**
 * Reports per user per hour, stickers and packs together: enough for an honest user, too few to flood
 * the desk (decisions 0031, 0035).
 */
export const REPORTS_PER_HOUR = 20;

/** The optional note of a report, in characters. */
export const REPORT_NOTE_MAX_LENGTH = 500;

/** A moderator's note on an action (the audit log), in characters. */
export const MODERATION_NOTE_MAX_LENGTH = 500;

/**
 * Explore's rule (decisions 0031, 0035): a public, not hidden sticker favourited by at least this many
 * people (distinct mailboxes with standing, never the owner's) within EXPLORE_RULE_WINDOW_DAYS joins
 * explore when the favourite that reaches it is added.
 */
export const EXPLORE_RULE_FAVORITES = 3;
export const EXPLORE_RULE_WINDOW_DAYS = 7;

/** The staff roles of `users.role`; granted only by `npm run grant-role` (scripts/grant-role.ts). */
export const STAFF_ROLES = ["admin", "moderator"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What the audit log records. */
export const MODERATION_ACTIONS = [
  "hide",
  "restore",
  "ban",
  "unban",
  "pick",
  "unpick",
  "hiddenByReports",
  "hidePack",
  "restorePack",
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export type { BannedUser, ModerationLogEntry, PackQueueItem, QueueItem } from "./api/moderation.ts";
