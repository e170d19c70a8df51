import { accountCalls as declared } from "#common/api/account.ts";
import type { AppContext } from "#server/context.ts";
import { implementCall } from "#server/http/define-call.ts";
import { clearSessionCookie } from "#server/sessions/session-cookie.ts";
import { summarizeAccount } from "./account-summary.ts";
import { deleteAccount } from "./delete-account.ts";

/** What the deletion dialog names, and the deletion itself (decision 0037). */
export function accountDeletionCalls(app: AppContext) {
  return [
    implementCall(declared.summary, ({ viewer }) => summarizeAccount(app, viewer.userId)),
    implementCall(declared.delete, async ({ input, viewer, c }) => {
      const deleted = await deleteAccount(app, viewer.userId, input);
      clearSessionCookie(c, app.config);
      return deleted;
    }),
  ];
}
