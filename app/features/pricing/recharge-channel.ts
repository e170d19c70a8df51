import { CHANNELS, listen } from "../auth/channels.ts";

/** The delay of spec §4 between another tab's recharge_success and refreshing the user. */
export const RECHARGE_REFRESH_DELAY_MS = 1000;

/** Calls `onRecharged` when a payment finished in another tab (the /rechargeSuccess page posts it). */
export function onRechargeSuccess(onRecharged: (rechargeId: string | null) => void) {
  return listen(CHANNELS.rechargeSuccess, (message) =>
    onRecharged(typeof message.recharge_id === "string" ? message.recharge_id : null),
  );
}

/** Opens the points/pricing modal from anywhere (the create panel when points run out). */
const EVENT = "sticker:request-points";

export interface PointsRequest {
  /** Points the refused action needed, when one was refused. */
  needed?: number;
}

export function requestPoints(request: PointsRequest = {}) {
  window.dispatchEvent(new CustomEvent<PointsRequest>(EVENT, { detail: request }));
}

export function onPointsRequest(listener: (request: PointsRequest) => void) {
  const handler = (event: Event) => listener((event as CustomEvent<PointsRequest>).detail ?? {});
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}
