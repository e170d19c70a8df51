import { describe, expect, it } from "vitest";
import { isValidEmail } from "./email.ts";

describe("e-mail format (spec §5)", () => {
  it.each(["ana@example.com", "a.b-c_d@mail.example.co.uk", "9lives@cats.io", "x@y.com.br"])("accepts %s", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each(["", ".ana@example.com", "ana@", "ana@example", "ana@example.toolong", "ana example@x.com", `${"a".repeat(35)}@x.com`])(
    "refuses %j",
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});
