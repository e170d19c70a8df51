// `npm start`: build when needed, then the production server (which migrates before it serves).
await import("./build-if-stale.ts");
await import("../server/main.ts");
