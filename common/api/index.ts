import { accountCalls } from "./account.ts";
import { billingCalls } from "./billing.ts";
import { favoriteCalls } from "./favorites.ts";
import { feedbackCalls } from "./feedback.ts";
import { promptCalls, searchCalls, styleCalls, telemetryCalls, tipCalls } from "./gallery.ts";
import { deskCalls, reportCalls } from "./moderation.ts";
import { motionCalls } from "./motion.ts";
import { packCalls } from "./packs.ts";
import { stickerCalls } from "./stickers.ts";
import { taskCalls } from "./tasks.ts";
import { telegramCalls } from "./telegram.ts";

/**
 * Every API call of the product, declared once, by feature (common/api/<feature>.ts). The server
 * implements each (server/<feature>/calls.ts, checked complete by server/http/api.test.ts); the
 * browser calls them as `api.<feature>.<call>(input)` (app/lib/api/api.ts).
 */
export const calls = {
  sticker: stickerCalls,
  search: searchCalls,
  style: styleCalls,
  tip: tipCalls,
  prompt: promptCalls,
  task: taskCalls,
  motion: motionCalls,
  pack: packCalls,
  telemetry: telemetryCalls,
  account: accountCalls,
  billing: billingCalls,
  report: reportCalls,
  desk: deskCalls,
  favorite: favoriteCalls,
  feedback: feedbackCalls,
  telegram: telegramCalls,
};

export type Calls = typeof calls;

export { routeTableOf } from "./declare-call.ts";
