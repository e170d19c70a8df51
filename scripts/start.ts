// `npm start`: build when needed, then the production server (which migrates before it serves).
// Imports evaluate in order, and the build step is synchronous.
import "./build-if-stale.ts";
import "#server/main.ts";
