/** Shapes of the account calls (decision 0037), shared by the server and the page: declared in common/api/account.ts. */
export type { AccountSummary, UserInfo } from "./api/account.ts";
