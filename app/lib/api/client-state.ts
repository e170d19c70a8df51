import { DEFAULT_LANGUAGE, type Language } from "#common/languages.ts";

/**
 * What the API client needs from the page: the language, the key to sign with (the public client
 * key for visitors, the session's own key once signed in) and what to do on AUTH_ERROR.
 */
export interface ApiClientState {
  language: Language;
  signingKey: string;
  release: string;
  onAuthError: (hadSession: boolean) => void;
  signedIn: boolean;
  /** Server time minus device time: signatures carry the server's time (decision 0017). */
  clockOffsetMs: number;
}

export const apiClientState: ApiClientState = {
  language: DEFAULT_LANGUAGE,
  signingKey: "",
  release: "dev",
  onAuthError: () => undefined,
  signedIn: false,
  clockOffsetMs: 0,
};

export function configureApiClient(changes: Partial<ApiClientState>) {
  Object.assign(apiClientState, changes);
}

let appliedServerTime: number | null = null;

/**
 * The device clock's error, taken once from each server time the page receives (the root loader's
 * `serverTime`): a page kept open for hours must not re-apply the old reading on a later render.
 */
export function clockOffsetFrom(serverTime: number): Pick<ApiClientState, "clockOffsetMs"> | Record<string, never> {
  if (serverTime === appliedServerTime) return {};
  appliedServerTime = serverTime;
  return { clockOffsetMs: serverTime - Date.now() };
}

/** The time a call is signed with: the device's clock corrected by the server's. */
export function serverNow(): number {
  return Date.now() + apiClientState.clockOffsetMs;
}
