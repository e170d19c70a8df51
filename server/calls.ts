import type { AppContext } from "./context.ts";
import type { Call } from "./http/define-call.ts";
import { styleCalls } from "./styles/calls.ts";
import { telemetryCalls } from "./telemetry/calls.ts";

/** Every API call of the product, by feature. */
export function allCalls(app: AppContext): Call[] {
  return [...telemetryCalls(app), ...styleCalls(app)] as Call[];
}
