import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "#common/errors.ts";
import { API_VERSION, SIGNATURE_HEADERS, type SignedParam, stringToSign } from "#common/signature.ts";

export interface SignatureCheck {
  method: string;
  path: string;
  params: SignedParam[];
  headers: Pick<Headers, "get">;
  /** The keys the call may be signed with (its signature mode): one must match. */
  keys: readonly string[];
  maxSkewSeconds: number;
  now?: number;
}

/**
 * What can be checked of a signed call from its headers alone: present, this version, not stale.
 * An upload is refused here before its body is read (decision 0015).
 */
export function checkSignatureHeaders({
  headers,
  maxSkewSeconds,
  now = Date.now(),
}: Pick<SignatureCheck, "headers" | "maxSkewSeconds" | "now">) {
  const version = headers.get(SIGNATURE_HEADERS.version);
  const timestamp = headers.get(SIGNATURE_HEADERS.timestamp);
  const signature = headers.get(SIGNATURE_HEADERS.signature);
  if (!version || !timestamp || !signature || !headers.get(SIGNATURE_HEADERS.client)) {
    throw new AppError("SIGNATURE_MISSING");
  }
  if (version !== API_VERSION) throw new AppError("UNSUPPORTED_VERSION");
  const sentAt = Number(timestamp);
  if (!/^\d{10,16}$/.test(timestamp) || Math.abs(now - sentAt) > maxSkewSeconds * 1000) {
    throw new AppError("SIGNATURE_STALE");
  }
  return { timestamp, signature };
}

/** Verifies a signed call (decision 0003); throws a named AppError when it is missing, stale or wrong. */
export function verifySignedCall({ method, path, params, headers, keys, maxSkewSeconds, now = Date.now() }: SignatureCheck) {
  const { timestamp, signature } = checkSignatureHeaders({ headers, maxSkewSeconds, now });
  const given = Buffer.from(signature.toLowerCase());
  const signedWith = (key: string) => {
    // Node's synchronous HMAC: the same digest as the page's WebCrypto, without a key import per call.
    const wanted = Buffer.from(
      createHmac("sha256", key)
        .update(stringToSign(method, path, params, timestamp, key))
        .digest("hex"),
    );
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  };
  if (!keys.some(signedWith)) throw new AppError("SIGNATURE_INVALID");
}
