import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.ts";

describe("config", () => {
  it("has the documented defaults: port 3000, ./data, local mode on localhost", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.PUBLIC_URL).toBe("http://localhost:3000");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.localMode).toBe(true);
    expect(config.secure).toBe(false);
  });

  it("stops on a bad value with a message naming the variable", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });

  it("treats empty values as unset and a public https origin as not local", () => {
    const config = parseConfig({ PORT: "", PUBLIC_URL: "https://stickers.example" });
    expect(config.PORT).toBe(3000);
    expect(config.localMode).toBe(false);
    expect(config.secure).toBe(true);
  });
});
