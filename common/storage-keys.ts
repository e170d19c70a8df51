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
  /** This browser's visits, for the install offer's moment (app/features/pwa/visits.ts, decision 0045). */
  visits: "app_visits",
  /** When the install offer was last turned down (decision 0045). */
  installDismissed: "app_install_dismissed_at",
} as const;
