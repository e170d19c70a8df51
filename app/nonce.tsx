import { createContext, useContext } from "react";

/** The CSP nonce of this response; only the server render knows it (the browser hides it after load). */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
