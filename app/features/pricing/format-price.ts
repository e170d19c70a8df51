const formats = new Map<string, Intl.NumberFormat>();

/** A US dollar amount in the visitor's language: "$1", "6,99 $US", "US$9.99"… (whole amounts without cents). */
export function formatPrice(amount: number, language: string): string {
  const whole = Number.isInteger(amount);
  const key = `${language}:${whole}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      style: "currency",
      currency: "USD",
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formats.set(key, format);
  }
  return format.format(amount);
}

export function formatDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long" }).format(new Date(iso));
}
