import { describe, expect, it } from "vitest";
import { sourceFiles, textOf } from "#tests/support/source-files.ts";

/**
 * Each API call is declared once, in common/api/ (docs/recipes.md, "Add a call"): the browser reaches
 * it only through the typed client, whose paths and answer types come from the declarations, and the
 * server's handlers get their viewer from the declared access instead of checking it by hand.
 */

/** The typed client and the transport under it are the only app code that speaks of calls by path. */
const CLIENT_FILES = new Set(["app/lib/api/api.ts", "app/lib/api/client.ts", "app/lib/api/api-routes.d.ts"]);

/** What an app file writes that the contract should give it instead. */
function appCallFindings(text: string): string[] {
  const findings: string[] = [];
  if (/["'`]\/api\//.test(text)) findings.push("an /api/ path literal (call `api.<feature>.<call>` instead)");
  if (/\bapiCall\b/.test(text)) findings.push("apiCall (the typed client's transport; call `api.<feature>.<call>` instead)");
  return findings;
}

/** What a server call file does by hand that the declared access does for it. */
function handlerFindings(text: string): string[] {
  const findings: string[] = [];
  if (/\brequireViewer\b/.test(text)) findings.push('requireViewer (declare access: "user" and the viewer is a Viewer)');
  if (/\brequireStaff\b|\bstaffRoleOf\b/.test(text)) findings.push('a staff check by hand (declare access: "staff" or "admin")');
  if (/\bdefineCall\b/.test(text)) findings.push("defineCall (declare the call in common/api/ and implementCall it)");
  return findings;
}

describe("one declaration per call", () => {
  it("the checks catch each kind of hand-written call (they are not vacuous)", () => {
    expect(appCallFindings('apiCall<PackDetail>("POST", "/api/pack/reorder", { body })')).toHaveLength(2);
    expect(appCallFindings("fetch(`/api/pack/get?packId=1`)")).toHaveLength(1);
    expect(appCallFindings("api.pack.reorder({ packId, stickerInstIds })")).toEqual([]);
    expect(handlerFindings("const userId = requireViewer(viewer).userId;")).toHaveLength(1);
    expect(handlerFindings("await requireStaff(db, viewer.userId)")).toHaveLength(1);
    expect(handlerFindings("implementCall(declared.get, ({ input, viewer }) => getPack(db, input))")).toEqual([]);
  });

  it("no app file names an API path or types an answer by hand", () => {
    const found = sourceFiles("app")
      .filter((file) => !CLIENT_FILES.has(file) && !/\.test\.tsx?$/.test(file))
      .flatMap((file) => appCallFindings(textOf(file)).map((finding) => `${file}: ${finding}`));
    expect(found).toEqual([]);
  });

  it("no server call file checks access by hand", () => {
    const found = sourceFiles("server")
      .filter((file) => /(^|\/)(calls|[a-z-]+-calls)\.ts$/.test(file))
      .flatMap((file) => handlerFindings(textOf(file)).map((finding) => `${file}: ${finding}`));
    expect(found).toEqual([]);
  });
});
