/** Opens the share/invite dialog from anywhere (header button, avatar menu). */
const EVENT = "sticker:request-share";

export function requestShare() {
  window.dispatchEvent(new Event(EVENT));
}

export function onShareRequest(listener: () => void) {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}

/** The invite code a visitor arrived with (`/invite/{code}` sets the cookie; spec §4). */
export function inviteCodeFromCookie(): string | undefined {
  return document.cookie.match(/(?:^|;\s*)inviteCode=([^;]+)/)?.[1];
}
