// Stops every npm script on a Node older than 24: the project's Node comes from the `node` package
// in node_modules (see README); a failed install would otherwise fall back to the system Node.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `\nThis project needs Node 24 or newer, but npm ran Node ${process.versions.node} (${process.execPath}).\n` +
      "Run `npm ci` so the pinned `node` package installs, then use `npm run <script>` / `npx` (not the system node).\n",
  );
  process.exit(1);
}
