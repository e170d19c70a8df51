/**
 * Whether a database error, or one it wraps (Drizzle wraps the driver's), is PostgreSQL's
 * unique_violation (SQLSTATE 23505): the driver's own code, read here and nowhere else.
 */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  while (typeof current === "object" && current !== null) {
    if ("code" in current && current.code === "23505") return true;
    current = "cause" in current ? current.cause : undefined;
  }
  return false;
}
