/**
 * A web process for shutdown tests: the real app and listener (`server/serve.ts`, its SIGTERM
 * handling included), with pages replaced by a slow streamed body at `/slow-body` (`SLOW_BODY_CHUNKS`
 * chunks of 64 KiB, one every 50 ms). Prints `{"port":N}` once it listens.
 */
import { createServerApp } from "#server/app.ts";
import { bootAppContext } from "#server/boot.ts";
import { listen } from "#server/serve.ts";

const CHUNK = 64 * 1024;
const chunks = Number(process.env.SLOW_BODY_CHUNKS ?? "40");
const app = await bootAppContext(process.env, { pgliteDir: "memory://" });
const drain = { draining: false };
const server = createServerApp(app, {
  isDraining: () => drain.draining,
  renderPage: async (request) => {
    if (new URL(request.url).pathname !== "/slow-body")
      return new Response("page", { headers: { "Content-Type": "text/plain" } });
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === chunks) return controller.close();
        await new Promise((resolve) => setTimeout(resolve, 50));
        controller.enqueue(new Uint8Array(CHUNK).fill(sent % 251));
        sent += 1;
      },
    });
    return new Response(body, {
      headers: { "Content-Type": "application/octet-stream", "Content-Length": String(chunks * CHUNK) },
    });
  },
});
const running = await listen(app, server, drain);
process.stdout.write(`${JSON.stringify({ port: running.port })}\n`);
