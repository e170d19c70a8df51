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
}

export const apiClientState: ApiClientState = {
  language: DEFAULT_LANGUAGE,
  signingKey: "",
  release: "dev",
  onAuthError: () => undefined,
  signedIn: false,
};

export function configureApiClient(changes: Partial<ApiClientState>) {
  Object.assign(apiClientState, changes);
}
