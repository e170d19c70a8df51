import { afterEach, vi } from "vitest";

// A stray console.error fails the test that caused it (docs/ARCHITECTURE.md, "No stray console.error").
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  if (errors.length > 0) {
    const seen = errors.splice(0).map((args) => args.map(String).join(" "));
    throw new Error(`console.error was called:\n${seen.join("\n")}`);
  }
  vi.restoreAllMocks();
});
