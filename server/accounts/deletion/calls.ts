import { z } from "zod";
import type { AppContext } from "#server/context.ts";
import { defineCall, requireViewer } from "#server/http/define-call.ts";
import { clearSessionCookie } from "#server/sessions/session-cookie.ts";
import { summarizeAccount } from "./account-summary.ts";
import { deleteAccount } from "./delete-account.ts";

/** An e-mail address is at most 254 characters; the confirmation is one, or the word DELETE. */
const CONFIRMATION_MAX_LENGTH = 320;

/** What the deletion dialog names, and the deletion itself (decision 0037). */
export function accountDeletionCalls(app: AppContext) {
  const summary = defineCall({
    method: "GET",
    path: "/api/account/summary",
    summary:
      "What deleting the account takes away: its stickers, packs and favourites counted, the points balance, a paid plan that would be cancelled, and what to type to confirm (the e-mail address).",
    tag: "accounts",
    access: "user",
    input: z.object({}),
    output: z.object({
      email: z.string().nullable(),
      confirmation: z.string(),
      stickers: z.number().int(),
      packs: z.number().int(),
      favorites: z.number().int(),
      points: z.number().int(),
      plan: z
        .object({ planId: z.number().int(), cancelAtPeriodEnd: z.boolean(), currentPeriodEnd: z.string().nullable() })
        .nullable(),
    }),
    async handle({ viewer }) {
      return summarizeAccount(app, requireViewer(viewer).userId);
    },
  });

  const remove = defineCall({
    method: "POST",
    path: "/api/account/delete",
    summary:
      "Deletes the signed-in account once `confirmation` is its e-mail address (any case; else ACCOUNT_DELETE_UNCONFIRMED): a paid plan is cancelled first (PAYMENT_PROVIDER_ERROR and nothing deleted when the provider fails), then every session ends, its stickers, packs, favourites and files are removed everywhere, the points balance goes, and the address may sign up again (without a second round of starting points). Payment records are kept (decision 0037).",
    tag: "accounts",
    access: "user",
    input: z.object({ confirmation: z.string().max(CONFIRMATION_MAX_LENGTH) }),
    output: z.object({ deleted: z.literal(true), planCancelled: z.boolean() }),
    async handle({ input, viewer, c }) {
      const deleted = await deleteAccount(app, requireViewer(viewer).userId, input);
      clearSessionCookie(c, app.config);
      return deleted;
    },
  });

  return [summary, remove];
}
