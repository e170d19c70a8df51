/**
 * What a prompt will draw, read before anything is made or paid (decision 0052): the create panel
 * asks as the user types. The prompt's own rules apply first (prompt-rules.ts), so a refusal reads
 * the same here as on submit. The reading runs in the process's prompt planner (a child process
 * holding the generator's lexicon, started on the first reading), never in this one. Only the offline
 * generator reads prompts this way: with a hosted images API there is nothing to show.
 */
import type { Language } from "#common/languages.ts";
import type { PromptUnderstood } from "#common/tasks.ts";
import type { AppContext } from "../context.ts";
import { type PromptPlanner, startPromptPlanner } from "../generation/index.ts";
import { checkPrompt } from "./prompt-rules.ts";

/** The first reading builds the lexicon (a few seconds); a reading is otherwise well under a millisecond. */
const PLANNER_TIMEOUT_MS = 20_000;
/** A planner nobody asked for this long ends, giving its memory back. */
const PLANNER_IDLE_MS = 10 * 60_000;
/** Readings waiting at once in one process before BUSY. */
const PLANNER_MAX_WAITING = 64;

const planners = new WeakMap<AppContext, PromptPlanner>();

/** This app's prompt planner in this process (started on first use). */
export function promptPlannerOf(app: AppContext): PromptPlanner {
  let planner = planners.get(app);
  if (!planner) {
    planner = startPromptPlanner({ timeoutMs: PLANNER_TIMEOUT_MS, idleMs: PLANNER_IDLE_MS, maxWaiting: PLANNER_MAX_WAITING });
    planners.set(app, planner);
  }
  return planner;
}

/** Ends this app's prompt planner, if it started one (at shutdown). */
export async function closePromptPlanner(app: AppContext): Promise<void> {
  const planner = planners.get(app);
  planners.delete(app);
  await planner?.close();
}

export async function readPromptFor(
  app: AppContext,
  o: { prompt: string; pack: boolean; language: Language },
): Promise<PromptUnderstood> {
  const prompt = checkPrompt(o.prompt);
  if (app.config.GENERATION_PROVIDER !== "offline") return { subjects: [], undrawn: null, captioned: false };
  const reading = await promptPlannerOf(app).read({ prompt, locale: o.language, pack: o.pack });
  return {
    subjects: reading.subjects.map(({ emoji, name, relation }) => ({ emoji, name, relation })),
    undrawn: reading.undrawn,
    captioned: reading.captioned,
  };
}
