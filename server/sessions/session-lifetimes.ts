/** Decision 0007: a session dies after 30 idle days, and 90 days after sign-in whatever its use. */
export const SESSION_IDLE_MS = 30 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 90 * 24 * 3600_000;
/** lastSeenAt (and so the idle deadline) moves at most once a day: one write per session per day. */
export const SESSION_TOUCH_EVERY_MS = 24 * 3600_000;
