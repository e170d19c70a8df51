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
    /** The client's address, through trusted proxies only (TRUST_PROXY); "local" in process. */
    clientAddress: string;
    /** Local mode and a direct loopback request: the dev mailbox and payments sandbox may answer. */
    localStandIns: boolean;
    /** The signed-in user, or null for a visitor. Set by the signature guard on /api. */
    viewer: Viewer | null;
  };
};
