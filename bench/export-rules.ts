/**
 * npm run bench:export-rules — the export validators against every fixture pair of
 * server/exports/validate/export-rule-fixtures.ts: for each byte, size, time, text and count rule of
 * every target (WhatsApp, Telegram, Signal, Discord, Slack, iMessage, the animated downloads), an
 * input exactly at the limit, which must pass, and one a byte, a pixel, a millisecond, a character or
 * a sticker past it, which must break that rule and no other. It prints one row per pair and the
 * number of wrong answers, and exits non-zero when there is any. Target: 0 wrong answers.
 */
import { RULE_PAIRS, verdictOf } from "#server/exports/validate/export-rule-fixtures.ts";
import type { Breach } from "#server/exports/validate/index.ts";

function verdict(breaches: Breach[]): string {
  return breaches.length === 0 ? "passes" : `fails: ${[...new Set(breaches.map((breach) => breach.rule))].join(", ")}`;
}

const started = performance.now();
const rows: string[][] = [["target", "rule", "limit", "at the limit", "verdict", "one past", "verdict", ""]];
let wrong = 0;
for (const pair of RULE_PAIRS) {
  const result = await pair.run();
  const { atLimitRight, oneOverRight } = verdictOf(pair, result);
  wrong += Number(!atLimitRight) + Number(!oneOverRight);
  rows.push([
    pair.target,
    pair.rule,
    String(pair.limit),
    pair.atLimit,
    verdict(result.atLimit),
    pair.oneOver,
    verdict(result.oneOver),
    atLimitRight && oneOverRight ? "ok" : "WRONG",
  ]);
}

const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
for (const row of rows)
  console.log(
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join(" | ")
      .trimEnd(),
  );
console.log(
  `\n${RULE_PAIRS.length} pairs, ${RULE_PAIRS.length * 2} answers: ${wrong} wrong (target 0), in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
process.exitCode = wrong === 0 ? 0 : 1;
