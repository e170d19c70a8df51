import { describe, expect, it } from "vitest";
import { calls } from "#common/api/index.ts";
import { api } from "./api.ts";

describe("the typed client (app/lib/api/api.ts)", () => {
  it("reaches every declared call at its declared method, path and body kind, through the build-time table", () => {
    const declared = Object.entries(calls).flatMap(([feature, declarations]) =>
      Object.entries(declarations).map(([name, declaration]) => ({ feature, name, declaration })),
    );
    expect(declared.length).toBeGreaterThan(50);
    for (const { feature, name, declaration } of declared) {
      const call = (api as unknown as Record<string, Record<string, { route: unknown }>>)[feature]?.[name];
      expect(call?.route, `${feature}.${name}`).toEqual({
        method: declaration.method,
        path: declaration.path,
        body: declaration.body ?? "json",
      });
    }
    expect(api.task.fromImage.route).toEqual({ method: "POST", path: "/api/aitask/submitGenerate", body: "multipart" });
  });
});
