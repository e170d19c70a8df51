/**
 * The one way any part of the page asks the visitor to sign in (spec §6: a protected action shows the
 * loginTipAlert confirm, then the login modal). The layout listens and shows the prompt.
 */
export type SignInReason = "header" | "tab" | "create" | "favorite" | "session" | "plan" | "report";

const EVENT = "sticker:request-sign-in";

export function requestSignIn(reason: SignInReason) {
  window.dispatchEvent(new CustomEvent<SignInReason>(EVENT, { detail: reason }));
}

export function onSignInRequest(listener: (reason: SignInReason) => void) {
  const handler = (event: Event) => listener((event as CustomEvent<SignInReason>).detail);
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}
