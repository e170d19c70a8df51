import { z } from "zod";
import { DISPLAY_NAME_CHANGES_PER_HOUR, DISPLAY_NAME_MAX_LENGTH } from "../names.ts";
import { declareCall } from "./declare-call.ts";

/**
 * The User of spec §3 as the page receives it: never sessionKey, the token, nor any provider's id
 * (googleId, facebookId, openid, unionid). `signingKey` is the session's key for signed calls
 * (decision 0003), so a tab signed in by another tab picks it up on refresh.
 */
export const userInfoSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  nick: z.string(),
  avatar: z.object({ path: z.string() }).nullable(),
  mobile: z.string().nullable(),
  point: z.number().int(),
  grade: z.number().int(),
  group: z.string().nullable(),
  type: z.number().int(),
  loginId: z.string().nullable(),
  deviceId: z.string().nullable(),
  subscribePlan: z.string(),
  deleted: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
  expiresTime: z.string().describe("When this session ends unless used again (ISO time)."),
  tokenExpiresIn: z.number().int().describe("The seconds until expiresTime."),
  signingKey: z.string(),
});
export type UserInfo = z.output<typeof userInfoSchema>;

/** What deleting the account takes away (decision 0037): the deletion dialog names it. */
const accountSummary = z.object({
  email: z.string().nullable(),
  confirmation: z
    .string()
    .describe("What the user types to confirm: their e-mail address, or `DELETE` for an account without one."),
  stickers: z.number().int(),
  packs: z.number().int(),
  favorites: z.number().int(),
  points: z.number().int(),
  plan: z
    .object({ planId: z.number().int(), cancelAtPeriodEnd: z.boolean(), currentPeriodEnd: z.string().nullable() })
    .nullable()
    .describe("The paid plan that deleting cancels (no further charge), or null without one."),
});
export type AccountSummary = z.output<typeof accountSummary>;

/** An e-mail address is at most 254 characters; the confirmation is one, or the word DELETE. */
const CONFIRMATION_MAX_LENGTH = 320;

/** Sign-in (mailed link, Google), the signed-in user and their display name, sign-out, invites and the account's deletion. */
export const accountCalls = {
  signInLink: declareCall({
    method: "GET",
    path: "/api/getVerifyEmail",
    summary:
      "Mails a single-use sign-in link (10 minutes) to the address; the same answer for every address. " +
      "`redirect` (a path) and `invCode` are sealed into the link, with the hash of a secret this answer keeps in the HttpOnly " +
      "`sign_in_browser` cookie, so the link's page can warn when another browser opens it. 5 per address and EMAIL_LINK_CLIENT_LIMIT (20) per client per 10 minutes; " +
      "past EMAIL_LINK_ADDRESS_DAILY_LIMIT (10) mails to one mailbox from one client, or EMAIL_LINK_MAILBOX_DAILY_LIMIT (50) " +
      "from all clients, in 24 hours the answer is unchanged but no mail is sent.",
    tag: "accounts",
    access: "public",
    input: z.object({
      email: z.string().trim().max(254).pipe(z.email()),
      redirect: z.string().max(512).optional(),
      invCode: z.string().max(32).optional(),
    }),
    output: z.object({ sent: z.literal(true) }),
  }),

  googleNonce: declareCall({
    method: "GET",
    path: "/api/googleNonce",
    summary:
      "A one-use nonce for Google Identity Services (`nonce` in initialize); its secret goes into a 10-minute HttpOnly " +
      "cookie that googleLogin checks the token's nonce against. GOOGLE_DISABLED when GOOGLE_CLIENT_ID is unset.",
    tag: "accounts",
    access: "public",
    input: z.object({}),
    output: z.object({ nonce: z.string() }),
  }),

  googleSignIn: declareCall({
    method: "POST",
    path: "/api/googleLogin",
    summary:
      "Signs in with a Google ID token (Google Identity Services) and an optional invite code; sets the session cookie " +
      "and answers the user info. The token must carry the nonce of /api/googleNonce (its cookie) and be at most 5 minutes " +
      "old. GOOGLE_DISABLED when GOOGLE_CLIENT_ID is unset; 30 per client per 10 minutes.",
    tag: "accounts",
    access: "public",
    input: z.object({
      idToken: z.string().min(1).max(8192),
      invCode: z.string().max(32).optional(),
    }),
    output: userInfoSchema,
  }),

  refresh: declareCall({
    method: "GET",
    path: "/api/user/refreshUserInfo",
    summary:
      "The signed-in user (spec §3, without secrets or provider ids) with this session's signing key; renews the cookie's lifetime.",
    tag: "accounts",
    access: "user",
    // A tab signed in by another tab knows only the public key until this call answers (decision 0007).
    signature: "session-or-client",
    input: z.object({}),
    output: userInfoSchema,
  }),

  signOut: declareCall({
    method: "GET",
    path: "/api/user/logout",
    summary: "Ends this session on the server and clears the token cookie; the old token then answers AUTH_ERROR.",
    tag: "accounts",
    access: "user",
    input: z.object({}),
    output: z.object({ loggedOut: z.literal(true) }),
  }),

  setName: declareCall({
    method: "POST",
    path: "/api/user/name",
    summary: `The signed-in user's display name, shown on their pack pages and in their packs' exports: 1 to ${DISPLAY_NAME_MAX_LENGTH} characters after trimming, no control characters (else DISPLAY_NAME_INVALID); ${DISPLAY_NAME_CHANGES_PER_HOUR} changes per user per hour (RATE_LIMITED). Answers the user info.`,
    tag: "accounts",
    access: "user",
    // The rule is the service's, so a bad name answers DISPLAY_NAME_INVALID rather than INVALID_INPUT.
    input: z.object({ name: z.string().max(1000) }),
    output: userInfoSchema,
  }),

  inviteCode: declareCall({
    method: "GET",
    path: "/api/user/invcode",
    summary: "The signed-in user's invite code (stable; the share link is {host}/invite/{code}).",
    tag: "accounts",
    access: "user",
    input: z.object({}),
    output: z.object({ code: z.string() }),
  }),

  summary: declareCall({
    method: "GET",
    path: "/api/account/summary",
    summary:
      "What deleting the account takes away: its stickers, packs and favourites counted, the points balance, a paid plan that would be cancelled, and what to type to confirm (the e-mail address).",
    tag: "accounts",
    access: "user",
    input: z.object({}),
    output: accountSummary,
  }),

  delete: declareCall({
    method: "POST",
    path: "/api/account/delete",
    summary:
      "Deletes the signed-in account once `confirmation` is its e-mail address (any case; else ACCOUNT_DELETE_UNCONFIRMED): a paid plan is cancelled first (PAYMENT_PROVIDER_ERROR and nothing deleted when the provider fails), then every session ends, its stickers, packs, favourites and files are removed everywhere, the points balance goes, and the address may sign up again (without a second round of starting points). Payment records are kept (decision 0037).",
    tag: "accounts",
    access: "user",
    input: z.object({ confirmation: z.string().max(CONFIRMATION_MAX_LENGTH) }),
    output: z.object({ deleted: z.literal(true), planCancelled: z.boolean() }),
  }),
};
