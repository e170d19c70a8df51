/**
 * The product's list tags (spec §7): 1 = the public community gallery (popular, latest), 2 = explore.
 * The same values as server/seed/seed-database.ts, kept here so page loaders need not import the seed
 * (and with it the generator).
 */
export const COMMUNITY_TAG = 1;
export const EXPLORE_TAG = 2;
