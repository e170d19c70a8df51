/**
 * The vitals' `route` label (decision 0054) names every page of `app/routes.ts` by its path pattern,
 * the same at the root and under `/{lang}`, and nothing else.
 */
import { describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { VITALS_ROUTES, vitalsRouteLabel } from "#common/web-vitals.ts";

interface RouteEntry {
  id?: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

describe("the vitals' route labels", () => {
  const [english, language] = routes as RouteEntry[];
  const pages = english?.children ?? [];

  it("name each page of app/routes.ts by its path pattern, and no page it does not have", () => {
    const patterns = Object.fromEntries(
      pages.map((page) => [page.id?.replace(/^english\//, ""), page.index ? "/" : `/${page.path}`]),
    );
    expect(VITALS_ROUTES).toEqual(patterns);
  });

  it("give a page under /{lang} the label of the same page at the root", () => {
    expect(language?.children?.map((page) => vitalsRouteLabel(page.id ?? ""))).toEqual(
      pages.map((page) => vitalsRouteLabel(page.id ?? "")),
    );
    expect(vitalsRouteLabel("language/sticker")).toBe("/sticker/:instId/:name?");
    expect(vitalsRouteLabel("english/home")).toBe("/");
  });

  it("give the layouts, the root and anything unknown the label other", () => {
    for (const id of ["root", "english", "language", "english/constructor", "english/toString", "sticker", ""]) {
      expect(vitalsRouteLabel(id), id).toBe("other");
    }
  });
});
