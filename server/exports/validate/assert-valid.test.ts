import { beforeAll, describe, expect, it } from "vitest";
import { type AppError, isAppError } from "#common/errors.ts";
import { assertValid } from "./assert-valid.ts";
import { makeAnimatedWebp, makePng, padPng, padWebp, withFrameDuration } from "./test-files.ts";

function thrown(run: () => void): AppError {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

describe("assertValid", () => {
  let sticker: Buffer;
  let tray: Buffer;
  beforeAll(async () => {
    sticker = await makeAnimatedWebp();
    tray = await makePng();
  });

  it("returns for a file that passes its target's rules", () => {
    expect(() => assertValid("whatsapp", sticker)).not.toThrow();
    expect(() => assertValid("webp", sticker)).not.toThrow();
    expect(() => assertValid("whatsapp-tray", padPng(tray, 51_200))).not.toThrow();
  });

  it("throws MOTION_TOO_LARGE, naming the size, when the only breach is the byte limit", () => {
    const error = thrown(() => assertValid("whatsapp", padWebp(sticker, 512_002)));
    expect(error.code).toBe("MOTION_TOO_LARGE");
    expect(error.message).toBe("whatsapp: WhatsApp animated sticker is 512002 bytes, over 512000");
    expect(thrown(() => assertValid("whatsapp-tray", padPng(tray, 51_201))).code).toBe("MOTION_TOO_LARGE");
  });

  it("throws INTERNAL_ERROR when a structural rule breaks, even beside the byte limit", () => {
    expect(thrown(() => assertValid("whatsapp", withFrameDuration(sticker, 0, 7))).code).toBe("INTERNAL_ERROR");
    const both = thrown(() => assertValid("whatsapp", padWebp(withFrameDuration(sticker, 0, 7), 512_002)));
    expect(both.code).toBe("INTERNAL_ERROR");
    expect(both.message).toMatch(/512002 bytes.*frame 0 lasts 7 ms/);
  });

  it("throws INTERNAL_ERROR for bytes that are no file of the target's format", () => {
    expect(thrown(() => assertValid("telegram-video", sticker)).code).toBe("INTERNAL_ERROR");
    expect(thrown(() => assertValid("gif", Buffer.alloc(0))).code).toBe("INTERNAL_ERROR");
  });
});
