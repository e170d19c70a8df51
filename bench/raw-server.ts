import { createServer } from "node:http";

// The baseline: the fastest answer Node can give on this machine.
const port = Number(process.env.PORT ?? 3301);
createServer((_req, res) => {
  res.writeHead(200, { "Content-Type": "text/plain" });
  res.end("hello world");
}).listen(port, "127.0.0.1", () => console.log(`raw server on ${port}`));
