/**
 * The cross-tab channels of spec §4: sign-in or sign-out in one tab updates the others. One more of
 * ours: `user_changed`, the user changed what the page shows of them (their display name, decision 0036).
 */
export const CHANNELS = {
  loginByEmailSuccess: "login_by_email_success",
  finishLogin: "finish_login",
  finishLogout: "finish_logout",
  rechargeSuccess: "recharge_success",
  userChanged: "user_changed",
} as const;

export type ChannelName = (typeof CHANNELS)[keyof typeof CHANNELS];

export function broadcast(name: ChannelName, message: Record<string, unknown> = {}) {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(name);
  channel.postMessage(message);
  channel.close();
}

export function listen(name: ChannelName, onMessage: (message: Record<string, unknown>) => void) {
  if (typeof BroadcastChannel === "undefined") return () => undefined;
  const channel = new BroadcastChannel(name);
  channel.onmessage = (event: MessageEvent) => onMessage((event.data ?? {}) as Record<string, unknown>);
  return () => channel.close();
}
