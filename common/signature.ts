/**
 * Signed calls (decision 0003, spec §7). The string to sign is the method, the path, every non-null
 * parameter sorted by name as `name=value` joined by `&` (query parameters and the top-level fields
 * of a JSON body or the non-file fields of a multipart body; objects and arrays as canonical JSON),
 * then the timestamp and the key, one per line. Signature = hex HMAC-SHA256 with the key.
 * Runs unchanged in the browser and in Node (WebCrypto).
 */
export const SIGNATURE_HEADERS = {
  version: "V",
  timestamp: "X-Timestamp",
  client: "X-Client",
  signature: "X-Sign",
  /** Which key signed: `session` or `client` (decision 0017); not signed itself, it only names the failure. */
  key: "X-Key",
} as const;

export const API_VERSION = "2";

export type SignedParam = [name: string, value: unknown];

/** JSON with object keys sorted at every level, so both sides serialise a value the same way. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function paramValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return canonicalJson(value);
}

export function stringToSign(method: string, path: string, params: SignedParam[], timestamp: string, key: string) {
  const pairs = params
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([name, value]) => `${name}=${paramValue(value)}`)
    .sort();
  return [method.toUpperCase(), path, pairs.join("&"), timestamp, key].join("\n");
}

const encoder = new TextEncoder();

async function hmacHex(key: string, message: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(message));
  return Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function signCall(method: string, path: string, params: SignedParam[], timestamp: string, key: string) {
  return hmacHex(key, stringToSign(method, path, params, timestamp, key));
}

/** The parameters of a JSON body: its top-level fields. */
export function bodyParams(body: unknown): SignedParam[] {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return body === undefined ? [] : [["body", body]];
  return Object.entries(body as Record<string, unknown>);
}

export function queryParams(search: URLSearchParams): SignedParam[] {
  return [...search.entries()];
}
