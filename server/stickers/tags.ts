/**
 * The product's list tags (spec §7): 1 = the public community gallery (popular, latest), 2 = explore.
 * The same values as server/seed/seed-database.ts, kept here so page loaders need not import the seed
 * (and with it the generator).
 */
export const COMMUNITY_TAG = 1;
export const EXPLORE_TAG = 2;
/**
 * Subject tags (decision 0030) take ids from this one up (migration 0006's sequence); a sticker's `tags`
 * in the calls of spec §3 are its list tags only, below it.
 */
export const FIRST_SUBJECT_TAG_ID = 1000;
