import { API_VERSION, bodyParams, SIGNATURE_HEADERS, signCall } from "#common/signature.ts";

export interface CallToSign {
  /** The query (a GET signs its parameters). */
  search: URLSearchParams;
  /** A JSON body (a POST signs its top-level fields). */
  body?: unknown;
  /** A multipart body (uploads): its string fields are signed, its files are not. */
  form?: FormData;
  key: string;
  /** What the X-Client header names (`test/1`, `cluster/1`). */
  client: string;
  timestamp?: number;
}

/** The headers that sign a call exactly as the page signs it (decision 0003, common/signature.ts). */
export async function signatureHeaders(
  method: "GET" | "POST",
  pathname: string,
  call: CallToSign,
): Promise<Record<string, string>> {
  const timestamp = String(call.timestamp ?? Date.now());
  const params =
    method === "GET"
      ? [...call.search.entries()]
      : call.form
        ? [...call.form.entries()].filter(([, value]) => typeof value === "string")
        : bodyParams(call.body ?? {});
  return {
    [SIGNATURE_HEADERS.version]: API_VERSION,
    [SIGNATURE_HEADERS.timestamp]: timestamp,
    [SIGNATURE_HEADERS.client]: call.client,
    [SIGNATURE_HEADERS.signature]: await signCall(method, pathname, params, timestamp, call.key),
  };
}
