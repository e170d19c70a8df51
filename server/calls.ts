import { accountCalls } from "./accounts/calls.ts";
import { billingCalls } from "./billing/calls.ts";
import type { AppContext } from "./context.ts";
import { favoriteCalls } from "./favorites/calls.ts";
import { feedbackCalls } from "./feedback/calls.ts";
import type { Call } from "./http/define-call.ts";
import { adminCalls, reportCalls } from "./moderation/calls.ts";
import { motionCalls } from "./motion/calls.ts";
import { packCalls } from "./packs/calls.ts";
import { packMakeCalls } from "./packs/make-calls.ts";
import { promptCalls } from "./prompts/calls.ts";
import { searchCalls } from "./search/calls.ts";
import { stickerCalls } from "./stickers/calls.ts";
import { styleCalls } from "./styles/calls.ts";
import { taskCalls } from "./tasks/calls.ts";
import { telegramCalls } from "./telegram/calls.ts";
import { telemetryCalls } from "./telemetry/calls.ts";
import { tipCalls } from "./tips/calls.ts";

/** Every API call of the product, by feature. */
export function allCalls(app: AppContext): Call[] {
  return [
    ...telemetryCalls(app),
    ...styleCalls(app),
    ...stickerCalls(app),
    ...searchCalls(app),
    ...promptCalls(app),
    ...tipCalls(app),
    ...feedbackCalls(app),
    ...accountCalls(app),
    ...taskCalls(app),
    ...motionCalls(app),
    ...telegramCalls(app),
    ...packMakeCalls(app),
    ...favoriteCalls(app),
    ...packCalls(app),
    ...billingCalls(app),
    ...reportCalls(app),
    ...adminCalls(app),
  ] as Call[];
}
