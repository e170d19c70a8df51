import { accountCalls as declared } from "#common/api/account.ts";
import type { AppContext } from "../context.ts";
import { implementCall } from "../http/define-call.ts";
import { getOrCreateInviteCode } from "./invite-code.ts";

export function inviteCalls(app: AppContext) {
  return [
    implementCall(declared.inviteCode, async ({ viewer }) => ({
      code: await getOrCreateInviteCode(app.database.db, viewer.userId),
    })),
  ];
}
