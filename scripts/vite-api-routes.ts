import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";
import type { CallDeclaration } from "#common/api/declare-call.ts";

const ID = "virtual:api-routes";
const RESOLVED = `\0${ID}`;
const CONTRACT = path.resolve(import.meta.dirname, "../common/api/index.ts");

/**
 * `virtual:api-routes`: each declared call's method, path and body kind, read from the declarations
 * (common/api/) at build time, so the browser's typed client (app/lib/api/api.ts) knows where a call
 * goes without shipping its zod schemas.
 */
export function apiRoutes(): Plugin {
  return {
    name: "api-routes",
    resolveId: (source) => (source === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      this.addWatchFile(CONTRACT);
      // Node loads the TypeScript declarations as they are (type stripping), as it runs the server.
      const contract = (await import(/* @vite-ignore */ pathToFileURL(CONTRACT).href)) as {
        calls: Record<string, Record<string, CallDeclaration>>;
        routeTableOf: (calls: Record<string, Record<string, CallDeclaration>>) => Record<string, string>;
      };
      return `export default ${JSON.stringify(contract.routeTableOf(contract.calls))};`;
    },
  };
}
