import { describe, expect, it } from "vitest";
import { checkWhatsAppStillSticker } from "./check-whatsapp-still-sticker.ts";
import { makeAnimatedWebp, makePng, makeStillWebp, padWebp } from "./test-files.ts";

describe("the WhatsApp still sticker check", () => {
  it("passes a still 512×512 WebP", async () => {
    expect(checkWhatsAppStillSticker(await makeStillWebp(512, 512))).toEqual([]);
  });

  it("counts 100 KB as WhatsApp's validators do: 102,400 bytes pass, 102,402 break the byte rule", async () => {
    const webp = await makeStillWebp(512, 512);
    expect(checkWhatsAppStillSticker(padWebp(webp, 102_400))).toEqual([]);
    expect(checkWhatsAppStillSticker(padWebp(webp, 102_402))).toEqual([
      expect.objectContaining({ rule: "bytes", limit: 102_400, actual: 102_402 }),
    ]);
  });

  it("breaks the edge rule below 512 too, the still rule with an animated WebP, the format rule with a PNG", async () => {
    expect(checkWhatsAppStillSticker(await makeStillWebp(511, 512))).toEqual([
      expect.objectContaining({ rule: "edge", limit: "512×512", actual: "511×512" }),
    ]);
    expect(checkWhatsAppStillSticker(await makeAnimatedWebp()).map((breach) => breach.rule)).toEqual(["animated"]);
    expect(checkWhatsAppStillSticker(await makePng(512, 512))).toEqual([
      expect.objectContaining({ rule: "format", limit: "WebP", actual: "PNG" }),
    ]);
  });
});
