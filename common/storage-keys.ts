/** Browser storage keys of spec §9 (the cookies `token`, `inviteCode` and `lang` are set elsewhere). */
export const STORAGE_KEYS = {
  hasCatchError: "has-catch-error",
  inputBeforeLogin: "INPUT_CONTENT_BEFORE_LOGIN",
  toPlanId: "TO_PLAN_ID",
  tryItData: "try_it_data_key",
} as const;
