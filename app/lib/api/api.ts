import routes from "virtual:api-routes";
import { type CallAnswer, type CallDeclaration, type CallInput, type CallRoute, routeOf } from "#common/api/declare-call.ts";
import type { Calls } from "#common/api/index.ts";
import { apiCall } from "./client.ts";

export interface SendOptions {
  timeoutMs?: number;
  /** Concurrent identical calls share one request (e.g. refreshUserInfo, spec §7). */
  dedupe?: boolean;
}

/** One call of the typed client: its input and answer come from the call's declaration (common/api/). */
export type ClientCall<D extends CallDeclaration> = (Record<string, never> extends CallInput<D>
  ? (input?: CallInput<D>, options?: SendOptions) => Promise<CallAnswer<D>>
  : (input: CallInput<D>, options?: SendOptions) => Promise<CallAnswer<D>>) & { route: CallRoute };

export type ApiClient = {
  [F in keyof Calls]: { [N in keyof Calls[F]]: Calls[F][N] extends CallDeclaration ? ClientCall<Calls[F][N]> : never };
};

type Fields = Record<string, unknown>;

function send(route: CallRoute, input: Fields = {}, options: SendOptions = {}): Promise<unknown> {
  if (route.method === "GET") {
    return apiCall(route.method, route.path, {
      ...options,
      params: input as Record<string, string | number | boolean | null | undefined>,
    });
  }
  if (route.body === "multipart") {
    const form = new FormData();
    for (const [name, value] of Object.entries(input)) {
      if (value instanceof Blob) form.append(name, value);
      else if (value !== undefined && value !== null) form.append(name, String(value));
    }
    return apiCall(route.method, route.path, { ...options, form });
  }
  return apiCall(route.method, route.path, { ...options, body: input });
}

function buildClient(table: Record<string, string>): ApiClient {
  const client: Record<string, Record<string, unknown>> = {};
  for (const [key, entry] of Object.entries(table)) {
    const route = routeOf(entry);
    const [feature = "", name = ""] = key.split(".");
    const call = (input?: Fields, options?: SendOptions) => send(route, input, options);
    client[feature] = { ...client[feature], [name]: Object.assign(call, { route }) };
  }
  return client as ApiClient;
}

/**
 * The product's API as the browser calls it: `api.pack.reorder({ packId, stickerInstIds })` answers
 * the call's declared output, signed as every call is (decision 0003), or throws `ApiError`. Method
 * and path come from the declaration (common/api/) through `virtual:api-routes`, so no path or answer
 * type is written in the app.
 */
export const api: ApiClient = buildClient(routes);

export { ApiError } from "./client.ts";
