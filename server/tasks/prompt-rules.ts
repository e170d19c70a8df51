import { AppError } from "#common/errors.ts";
import { PROMPT_MAX_LENGTH } from "#common/tasks.ts";
import { CONTROL_CHARACTER, showsNothing } from "#common/text.ts";
import { findBlocked } from "./prompt-rules/find-blocked.ts";

/**
 * Trims and checks a prompt (1–300 characters after trimming, no control character, not blocked); returns it normalised.
 * Called before anything is charged (submit-task.ts, make-pack.ts), so a blocked prompt costs nothing.
 * The rules are one maintained word list per language (prompt-rules/words/), every list checked
 * against every prompt (decision 0032); the hosted provider applies its own policy as well, and a
 * picture it flags fails the task with its points back (RESULT_FLAGGED, run-task.ts).
 */
export function checkPrompt(raw: string): string {
  const prompt = raw.normalize("NFC").replace(/\s+/g, " ").trim();
  if (showsNothing(prompt)) throw new AppError("PROMPT_EMPTY");
  // Tabs and line breaks became spaces above; any other control character is no part of a description.
  if (CONTROL_CHARACTER.test(prompt)) {
    throw new AppError("INVALID_INPUT", "control character in the prompt", {
      issues: ["prompt: must not contain control characters"],
    });
  }
  if ([...prompt].length > PROMPT_MAX_LENGTH) throw new AppError("PROMPT_TOO_LONG");
  const blocked = findBlocked(prompt);
  if (blocked) throw new AppError("PROMPT_BLOCKED", `prompt rule ${blocked.language}/${blocked.category}`);
  return prompt;
}
