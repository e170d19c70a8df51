import type { Language } from "#common/languages.ts";
import type { Viewer } from "../context.ts";
import type { Logger } from "../log.ts";

/** What the middleware chain records about one request. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    nonce: string;
    language: Language;
    /** The signed-in user, or null for a visitor. Set by the signature guard on /api. */
    viewer: Viewer | null;
  };
};
