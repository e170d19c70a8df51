/**
 * The prompt planner's own process (forked by prompt-planner.ts): it holds the generator's lexicon
 * (~75 MB once built) so the web process never does, and answers what a prompt will draw
 * (prompt/read-prompt.ts, decision 0052). It imports the parser only, not the drawing code.
 */

import { readPrompt } from "./prompt/read-prompt.ts";
import type { PlannerReply, PlannerRequest } from "./prompt-planner.ts";

// The parent is gone: nothing is waiting for this child's answers.
process.on("disconnect", () => process.exit(0));

process.on("message", (message: PlannerRequest) => {
  let reply: PlannerReply;
  try {
    reply = { id: message.id, reading: readPrompt(message.request) };
  } catch (error) {
    reply = { id: message.id, error: error instanceof Error ? error.message : String(error) };
  }
  if (process.connected) process.send?.(reply, undefined, undefined, () => undefined);
});
