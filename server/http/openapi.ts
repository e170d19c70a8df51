import { z } from "zod";
import { ERRORS } from "#common/errors.ts";
import type { Config } from "../config.ts";
import { sessionCookieName } from "../sessions/session-cookie.ts";
import type { Call } from "./define-call.ts";

/** The OpenAPI description of /api, generated from the same zod schemas that parse the calls. */
export function buildOpenApiDocument(calls: readonly Call[], config: Pick<Config, "PUBLIC_URL" | "secure">) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of calls) {
    const input = z.toJSONSchema(call.input, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
    const output = z.toJSONSchema(call.output, { io: "output", unrepresentable: "any" });
    const properties = (input.properties ?? {}) as Record<string, unknown>;
    const required = new Set((input.required as string[] | undefined) ?? []);
    const operation: Record<string, unknown> = {
      summary: call.summary,
      tags: [call.tag],
      security: call.access === "public" ? [] : [{ session: [] }],
      "x-access": call.access,
      "x-signature": call.signature ?? "caller",
      responses: {
        "200": {
          description: "Success envelope",
          content: {
            "application/json": {
              schema: { type: "object", properties: { status: { const: 200 }, data: output }, required: ["status", "data"] },
            },
          },
        },
        ...(call.etag
          ? { "304": { description: "Not modified: If-None-Match named the answer's ETag (decision 0022); no body" } }
          : {}),
        default: { $ref: "#/components/responses/Error" },
      },
    };
    if (call.method === "GET") {
      operation.parameters = Object.entries(properties).map(([name, schema]) => ({
        name,
        in: "query",
        required: required.has(name),
        schema,
      }));
    } else {
      const mediaType = call.body === "multipart" ? "multipart/form-data" : "application/json";
      if (call.body === "multipart") {
        // File fields have no JSON form: describe them as binary parts.
        for (const [name, schema] of Object.entries(properties)) {
          if (schema && typeof schema === "object" && Object.keys(schema).length === 0) {
            properties[name] = { type: "string", format: "binary" };
          }
        }
      }
      operation.requestBody = { required: true, content: { [mediaType]: { schema: input } } };
    }
    paths[call.path] = { ...paths[call.path], [call.method.toLowerCase()]: operation };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Sticker Studio API",
      version: "2",
      description:
        "Every call carries the headers V: 2, X-Timestamp, X-Client and X-Sign (HMAC-SHA256, see docs/decisions/0003-signed-calls.md) and answers the envelope { status, data } (status 200 on success, an error code otherwise).",
    },
    servers: [{ url: config.PUBLIC_URL }],
    paths,
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: sessionCookieName(config) },
      },
      responses: {
        Error: {
          description: "Error envelope",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  status: { enum: Object.keys(ERRORS) },
                  data: { type: "null" },
                  msg: { type: "string" },
                  msgKey: { type: "string" },
                  issues: { type: "array", items: { type: "string" } },
                },
                required: ["status", "data", "msg", "msgKey"],
              },
            },
          },
        },
      },
    },
  };
}
