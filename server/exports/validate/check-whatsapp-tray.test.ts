import { beforeAll, describe, expect, it } from "vitest";
import { checkWhatsAppTray } from "./check-whatsapp-tray.ts";
import { makeApng, makePng, padPng } from "./test-files.ts";

describe("the WhatsApp tray icon check", () => {
  let tray: Buffer;
  beforeAll(async () => {
    tray = await makePng(96, 96);
  });

  it("passes a still 96×96 PNG", () => {
    expect(checkWhatsAppTray(tray)).toEqual([]);
  });

  it("breaks the edge rule with a 97×96 PNG", async () => {
    expect(checkWhatsAppTray(await makePng(97, 96))).toEqual([
      expect.objectContaining({ rule: "edge", limit: "96×96", actual: "97×96" }),
    ]);
  });

  it("passes a PNG of exactly 50 KiB (51,200 bytes) and breaks only the byte rule at 51,201", () => {
    expect(checkWhatsAppTray(padPng(tray, 51_200))).toEqual([]);
    expect(checkWhatsAppTray(padPng(tray, 51_201))).toEqual([
      expect.objectContaining({ rule: "bytes", limit: 51_200, actual: 51_201 }),
    ]);
  });

  it("breaks the animated rule with an APNG", async () => {
    expect(checkWhatsAppTray(await makeApng({ width: 96, height: 96 }))).toEqual([
      expect.objectContaining({ rule: "animated", limit: "still" }),
    ]);
  });

  it("answers a format breach, without throwing, for a PNG whose chunk fails its CRC", () => {
    const corrupt = Buffer.from(tray);
    corrupt[20] = (corrupt[20] ?? 0) ^ 0xff;
    expect(checkWhatsAppTray(corrupt).map((breach) => breach.rule)).toContain("format");
  });
});
