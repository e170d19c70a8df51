import { createContext } from "react-router";
import type { PageRequestContext } from "#server/app.ts";

/**
 * What the server hands every loader: the process's services, the request id and the CSP nonce.
 * The server sets it with the key exported from entry.server, so both sides use the same object.
 */
export const pageContext = createContext<PageRequestContext>();
