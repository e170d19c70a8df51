import type { AppContext } from "../context.ts";
import { inviteCalls } from "../invites/calls.ts";
import { sessionCalls } from "../sessions/calls.ts";
import { accountDeletionCalls } from "./deletion/calls.ts";
import { displayNameCalls } from "./display-name/calls.ts";
import { emailLoginCalls } from "./email-login/calls.ts";
import { googleLoginCalls } from "./google/calls.ts";

/** Sign-in, the signed-in user and their display name, sign-out, invites and the account's deletion. */
export function accountCalls(app: AppContext) {
  return [
    ...emailLoginCalls(app),
    ...googleLoginCalls(app),
    ...sessionCalls(app),
    ...displayNameCalls(app),
    ...inviteCalls(app),
    ...accountDeletionCalls(app),
  ];
}
