/**
 * Browser storage keys of spec §9 and the plan-change mark (the cookies `token`, `inviteCode` and
 * `lang` are set elsewhere).
 */
export const STORAGE_KEYS = {
  hasCatchError: "has-catch-error",
  inputBeforeLogin: "INPUT_CONTENT_BEFORE_LOGIN",
  toPlanId: "TO_PLAN_ID",
  tryItData: "try_it_data_key",
  /** A plan change this browser made, awaited by its result page (app/features/pricing/plan-change-mark.ts). */
  planChange: "plan_change_mark",
} as const;
