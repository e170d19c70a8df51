import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bodyParams, canonicalJson, signCall, stringToSign } from "./signature.ts";

describe("signature", () => {
  it("signs the method, path, sorted non-null params, timestamp and key", () => {
    const text = stringToSign(
      "post",
      "/api/x",
      [
        ["b", 2],
        ["a", "one"],
        ["skip", null],
        ["obj", { z: 1, a: [2, { d: 1, c: 2 }] }],
      ],
      "1700000000000",
      "k",
    );
    expect(text).toBe('POST\n/api/x\na=one&b=2&obj={"a":[2,{"c":2,"d":1}],"z":1}\n1700000000000\nk');
  });

  it("is the hex HMAC-SHA256 of that string with the key, the same as Node's crypto", async () => {
    const params = bodyParams({ name: "page_view", n: 3 });
    const signature = await signCall("POST", "/api/event", params, "1700000000000", "secret-key");
    const expected = createHmac("sha256", "secret-key")
      .update(stringToSign("POST", "/api/event", params, "1700000000000", "secret-key"))
      .digest("hex");
    expect(signature).toBe(expected);
  });

  it("serialises objects with sorted keys at every level", () => {
    expect(canonicalJson({ b: { y: 1, x: 2 }, a: null })).toBe('{"a":null,"b":{"x":2,"y":1}}');
  });
});
