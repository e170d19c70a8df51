import type { ChildProcess } from "node:child_process";

/**
 * Resolves once a server's first start has drawn its background part (the photo packs and the older
 * gallery, decision 0049), read from its log: the server must run with `LOG_LEVEL=info` and its stdout
 * piped. Measured meanwhile, a bench shares the machine with the generator (its cut-outs and renders
 * took most of the app's processor time in a profile of the list call, and halved its requests/s).
 */
export function firstStartDrawn(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    let tail = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      const text = tail + chunk.toString("utf8");
      if (text.includes("the rest of the gallery drawn")) resolve();
      tail = text.slice(-100);
    });
  });
}
