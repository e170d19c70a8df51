import { crc32 } from "node:zlib";
import fc from "fast-check";
import { z } from "zod";
import type { Call } from "./define-call.ts";

/**
 * Generators of hostile input for the API fuzz (api-fuzz.test.ts). Each call's zod input schema,
 * read as JSON Schema, names the fields to aim at and their limits; the values are wrong types,
 * values just past the limits, number-like strings, tricky unicode, huge and deeply nested values
 * and prototype keys, with now and then a value that is valid so the handlers run too.
 * JSON values are generated as JSON text, so that nesting deeper than a JS value could be built
 * reaches the server as it would from a hostile client.
 */

/** The input-side JSON Schema of one field (the parts the generators read). */
interface FieldSchema {
  type?: string | string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

export function fieldsOf(call: Call): Record<string, FieldSchema> {
  const schema = z.toJSONSchema(call.input, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, FieldSchema>;
  };
  return schema.properties ?? {};
}

const NUMBER_LIKE = [
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "-1e309",
  "-0",
  "0x1F",
  "0b11",
  "1_000",
  " 7 ",
  "7.5",
  "1e21",
  "9007199254740993",
  "-9007199254740993",
  "2147483648",
  "٣",
  "",
  "  ",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
];

const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty"];

const TRICKY_TEXT = [
  "\u0000",
  "a\u0000b",
  "\u202eevil",
  "𝕏🙂👨‍👩‍👧",
  "\uFEFF",
  "\ud800",
  "\udfff\ud800",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "%00",
  "%",
  "\\",
  "\r\n\r\n",
  "ـ".repeat(10),
  "a,b,,c",
  ...PROTOTYPE_KEYS,
];

/** Strings longer than every field limit, one past the JSON body limit. */
const hugeText = fc.constantFrom(2_001, 9_000, 70_000).map((length) => "x".repeat(length));

export const junkText: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...NUMBER_LIKE, ...TRICKY_TEXT) },
  { weight: 5, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: hugeText },
);

/** A value valid for the field, or one just past its limits. */
function nearValid(field: FieldSchema): fc.Arbitrary<unknown> {
  if (field.enum) return fc.constantFrom(...field.enum);
  const types = Array.isArray(field.type) ? field.type : [field.type];
  if (types.includes("number") || types.includes("integer")) {
    const min = field.minimum ?? -1_000;
    const max = field.maximum ?? min + 1_000;
    return fc.oneof(fc.integer({ min, max: Math.min(max, min + 1_000_000) }), fc.constantFrom(min - 1, max + 1, min + 0.5));
  }
  if (types.includes("boolean")) return fc.boolean();
  if (field.format === "email") return fc.oneof(fc.emailAddress(), fc.constantFrom("a@b", "@x.io", "a@@b.io"));
  const maxLength = Math.min(field.maxLength ?? 64, 64);
  const valid = field.pattern
    ? fc.stringMatching(new RegExp(field.pattern), { maxLength })
    : fc.string({ minLength: field.minLength ?? 0, maxLength });
  return fc.oneof(valid, fc.constant("y".repeat((field.maxLength ?? 64) + 1)));
}

/** Any JSON value, as text: leaves, small containers, prototype keys, deep nesting. */
const junkLeaf = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 53 + 1, -1, 0, 1.5, 1e21, -1e308, Number.MAX_SAFE_INTEGER),
  junkText,
);

const deepNesting = fc
  .tuple(fc.constantFrom("[", '{"a":', '{"__proto__":'), fc.integer({ min: 33, max: 10_000 }))
  .map(([open, depth]) => `${open.repeat(depth)}1${(open === "[" ? "]" : "}").repeat(depth)}`);

export const junkJsonText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: junkLeaf.map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.array(junkLeaf, { maxLength: 5 }).map((value) => JSON.stringify(value)) },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 8 })), junkLeaf), { maxLength: 4 })
      .map(objectText),
  },
  { weight: 1, arbitrary: deepNesting },
);

/** `{"k":v,…}` as text: keys may repeat and may be `__proto__` (JSON.stringify of an object cannot say that). */
function objectText(entries: Array<[string, unknown]>): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(",")}}`;
}

/** For each known field: left out, near-valid, or junk; then some extra (often prototype) keys. */
function fieldEntries<V>(
  fields: Record<string, FieldSchema>,
  valueFor: (field: FieldSchema) => fc.Arbitrary<V>,
  junk: fc.Arbitrary<V>,
  extraKey: fc.Arbitrary<string>,
): fc.Arbitrary<Array<[string, V]>> {
  const known = Object.entries(fields).map(([name, field]) =>
    fc.oneof(
      fc.constant(null),
      valueFor(field).map((value) => [name, value] as [string, V]),
      junk.map((value) => [name, value] as [string, V]),
    ),
  );
  const extras = fc.array(fc.tuple(extraKey, junk), { maxLength: 3 });
  return fc
    .tuple(fc.tuple(...known), extras)
    .map(([chosen, extra]) => [...chosen.filter((entry): entry is [string, V] => entry !== null), ...extra]);
}

const extraKey = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 12 }), fc.constant("x[]"));

/** A JSON body: an object aimed at the fields, another JSON value, or text that is not JSON. */
export function jsonBodyText(fields: Record<string, FieldSchema>): fc.Arbitrary<string> {
  const aimed = fieldEntries(
    fields,
    (field) => nearValid(field).map((value) => JSON.stringify(value)),
    junkJsonText,
    extraKey,
  ).map((entries) => `{${entries.map(([key, text]) => `${JSON.stringify(key)}:${text}`).join(",")}}`);
  const malformed = fc.oneof(
    fc.constantFrom("{", '{"a":}', "[1,", "nul", "{'a':1}", "\u0000", '{"a":1}}', "", " ", "\uFEFF{}", '{"a":1,}', "--x--"),
    fc.string({ unit: "binary", maxLength: 60 }),
  );
  return fc.oneof({ weight: 6, arbitrary: aimed }, { weight: 2, arbitrary: junkJsonText }, { weight: 2, arbitrary: malformed });
}

/** Query parameters: the fields with near-valid or junk strings, repeated keys, extra keys. */
export function queryEntries(fields: Record<string, FieldSchema>): fc.Arbitrary<Array<[string, string]>> {
  const asText = (value: unknown) => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""));
  return fc
    .tuple(
      fieldEntries(fields, (field) => nearValid(field).map(asText), junkText, extraKey),
      fc.array(fc.tuple(fc.constantFrom(...Object.keys(fields), "x"), junkText), { maxLength: 2 }),
    )
    .map(([entries, repeated]) => [...entries, ...repeated]);
}

function pngHeader(width: number, height: number): Uint8Array {
  const ihdr = Buffer.alloc(17);
  ihdr.write("IHDR", 0, "latin1");
  ihdr.writeUInt32BE(width, 4);
  ihdr.writeUInt32BE(height, 8);
  ihdr.set([8, 6, 0, 0, 0], 12);
  const chunk = Buffer.alloc(25);
  chunk.writeUInt32BE(13, 0);
  ihdr.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(ihdr), 21);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk]);
}

/** A 1×1 PNG: the one file here that decodes. */
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

const fileBytes: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.constant(new Uint8Array()),
  fc.uint8Array({ maxLength: 2048 }),
  fc.uint8Array({ maxLength: 256 }).map((rest) => Buffer.concat([pngHeader(1, 1), rest])),
  fc.constantFrom(pngHeader(100_000, 100_000), pngHeader(0, 0), pngHeader(2 ** 31 - 1, 1)),
  fc.uint8Array({ maxLength: 256 }).map((rest) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), rest])),
  fc
    .uint8Array({ maxLength: 256 })
    .map((rest) => Buffer.concat([Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 ", "latin1"), rest])),
  fc.constant(TINY_PNG),
);

const fileName = fc.oneof(fc.constantFrom("a.png", "", "../../x.png", "a\u0000.png", "😀.webp"), fc.string({ maxLength: 20 }));

const formFile = fc
  .tuple(fileBytes, fileName, fc.constantFrom("image/png", "text/html", "", "application/octet-stream"))
  .map(([bytes, name, type]) => new File([Buffer.from(bytes)], name, { type }));

/** A multipart form: the fields as strings or files in the wrong place, junk fields, junk files. */
export function formEntries(fields: Record<string, FieldSchema>): fc.Arbitrary<Array<[string, string | File]>> {
  const asText = (value: unknown) => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""));
  const value = fc.oneof<fc.Arbitrary<string | File>[]>(junkText, formFile);
  return fc
    .tuple(
      fieldEntries<string | File>(fields, (field) => fc.oneof(nearValid(field).map(asText), formFile), value, extraKey),
      fc.array(fc.tuple(fc.constant("file"), formFile), { maxLength: 2 }),
    )
    .map(([entries, files]) => [...entries, ...files]);
}

/** Raw bodies sent as multipart that are not a readable form. */
export const brokenMultipart = fc.record({
  contentType: fc.constantFrom(
    "multipart/form-data",
    "multipart/form-data; boundary=x",
    'multipart/form-data; boundary="',
    "application/json",
    "text/plain",
    "",
  ),
  text: fc.oneof(
    fc.constantFrom("", "--x\r\n", '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc', '{"prompt":"a cat"}'),
    fc.string({ unit: "binary", maxLength: 200 }),
  ),
});

/** Header values a client may send (printable ASCII: what a Request accepts). */
export const headerJunk = fc.oneof(
  fc.constantFrom("", " ", "null", "NaN", "-1", "99999999999999999999", "1e3"),
  fc.string({ maxLength: 40 }),
);
