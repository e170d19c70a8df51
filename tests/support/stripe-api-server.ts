/**
 * A local HTTP server that answers like the Stripe API for the endpoints billing uses, so tests drive
 * the real `stripe` SDK over HTTP. It also plays Stripe's side of a purchase (completing a checkout,
 * a failed renewal, the end of a subscription) and builds the matching event payloads.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { STRIPE_API_VERSION } from "#server/billing/billing-options.ts";

export const TEST_SECRET_KEY = "sk_test_billing_0123456789";
export const TEST_WEBHOOK_SECRET = "whsec_test_billing_0123456789";
export const TEST_PRICES = { annual: "price_test_annual", monthly: "price_test_monthly" } as const;
const PRICE_AMOUNTS: Record<string, { amount: number; interval: "year" | "month" }> = {
  [TEST_PRICES.annual]: { amount: 8388, interval: "year" },
  [TEST_PRICES.monthly]: { amount: 999, interval: "month" },
};

// biome-ignore lint/suspicious/noExplicitAny: Stripe objects are loose JSON here.
type Json = Record<string, any>;

export interface RecordedRequest {
  method: string;
  path: string;
  body: Json;
}

export interface StripeStub {
  url: string;
  port: number;
  requests: RecordedRequest[];
  customers: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  /** Milliseconds every answer waits (widens race windows in concurrency tests). */
  latencyMs: number;
  /** Stripe's side of paying a checkout; returns the events Stripe would send, in its order. */
  completeCheckout(sessionId: string): Json[];
  /** Changes a subscription as Stripe would on its own (renewal failure, end of period). */
  changeSubscription(id: string, patch: Json): Json;
  /** A renewal invoice of a subscription, paid or failed, and the matching event. */
  renewalInvoice(subscriptionId: string, paid: boolean): Json;
  event(type: string, object: Json): Json;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Parses Stripe's form encoding (`a[b][0][c]=v`) into nested objects (array indexes stay keys). */
export function parseStripeForm(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = out;
    path.forEach((segment, index) => {
      if (index === path.length - 1) node[segment] = value;
      else {
        node[segment] ??= {};
        node = node[segment];
      }
    });
  }
  return out;
}

/**
 * A stand-in for Stripe's API on loopback, answering like Stripe for the calls billing makes. On a
 * fixed `port` it can serve a whole browser run (tests/e2e/global-setup.ts); there, `POST
 * /_stand-in/checkout/{id}/pay` plays the buyer paying on Stripe's page: the checkout completes and its
 * events are posted, signed, to `webhookUrl`, as Stripe would.
 */
export async function startStripeStub(options: { port?: number } = {}): Promise<StripeStub> {
  const stub: Omit<StripeStub, "url" | "port" | "close"> = {
    requests: [],
    customers: new Map(),
    sessions: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    latencyMs: 0,
    completeCheckout,
    changeSubscription,
    renewalInvoice,
    event,
  };

  function event(type: string, object: Json): Json {
    return { id: newId("evt"), object: "event", api_version: STRIPE_API_VERSION, created: nowSeconds(), type, data: { object } };
  }

  function periodEnd(priceId: string, from: number) {
    const date = new Date(from * 1000);
    if (PRICE_AMOUNTS[priceId]?.interval === "year") date.setUTCFullYear(date.getUTCFullYear() + 1);
    else date.setUTCMonth(date.getUTCMonth() + 1);
    return Math.floor(date.getTime() / 1000);
  }

  function addInvoice(subscription: Json, amount: number, paid: boolean): Json {
    const invoice = {
      id: newId("in"),
      object: "invoice",
      customer: subscription.customer,
      status: paid ? "paid" : "open",
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      currency: "usd",
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: {} } },
    };
    stub.invoices.set(invoice.id, invoice);
    return invoice;
  }

  function completeCheckout(sessionId: string): Json[] {
    const session = stub.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const events: Json[] = [];
    const customer = session.customer ?? newId("cus");
    session.customer = customer;
    if (session.mode === "subscription") {
      const priceId = session.line_items["0"].price as string;
      const trialDays = Number(session.subscription_data?.trial_period_days ?? 0);
      const start = nowSeconds();
      const trialEnd = trialDays > 0 ? start + trialDays * 86400 : null;
      const subscription = {
        id: newId("sub"),
        object: "subscription",
        customer,
        status: trialEnd ? "trialing" : "active",
        cancel_at_period_end: false,
        trial_start: trialEnd ? start : null,
        trial_end: trialEnd,
        metadata: { ...(session.subscription_data?.metadata ?? {}) },
        items: {
          object: "list",
          data: [
            {
              id: newId("si"),
              object: "subscription_item",
              price: { id: priceId },
              current_period_end: trialEnd ?? periodEnd(priceId, start),
            },
          ],
        },
      };
      stub.subscriptions.set(subscription.id, subscription);
      session.subscription = subscription.id;
      session.payment_status = trialEnd ? "no_payment_required" : "paid";
      const invoice = addInvoice(subscription, trialEnd ? 0 : (PRICE_AMOUNTS[priceId]?.amount ?? 0), true);
      events.push(event("customer.subscription.created", subscription), event("invoice.paid", invoice));
    } else {
      session.payment_status = "paid";
    }
    session.status = "complete";
    events.push(event("checkout.session.completed", session));
    return events;
  }

  function changeSubscription(id: string, patch: Json): Json {
    const subscription = stub.subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id}`);
    Object.assign(subscription, patch);
    return event(patch.status === "canceled" ? "customer.subscription.deleted" : "customer.subscription.updated", subscription);
  }

  function renewalInvoice(subscriptionId: string, paid: boolean): Json {
    const subscription = stub.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    const invoice = addInvoice(subscription, PRICE_AMOUNTS[subscription.items.data[0].price.id]?.amount ?? 0, paid);
    return event(paid ? "invoice.paid" : "invoice.payment_failed", invoice);
  }

  const routes: Array<[string, RegExp, (match: RegExpMatchArray, body: Json) => [number, Json]]> = [
    [
      "POST",
      /^\/v1\/customers$/,
      (_m, body) => {
        const customer = { id: newId("cus"), object: "customer", email: body.email ?? null, metadata: body.metadata ?? {} };
        stub.customers.set(customer.id, customer);
        return [200, customer];
      },
    ],
    [
      "POST",
      /^\/v1\/checkout\/sessions$/,
      (_m, body) => {
        const id = newId("cs_test");
        const amount =
          body.mode === "payment"
            ? Number(body.line_items?.["0"]?.price_data?.unit_amount ?? 0)
            : (PRICE_AMOUNTS[body.line_items?.["0"]?.price]?.amount ?? 0);
        const session = {
          ...body,
          id,
          object: "checkout.session",
          status: "open",
          payment_status: "unpaid",
          url: `https://checkout.stripe.test/c/pay/${id}`,
          customer: body.customer ?? null,
          subscription: null,
          amount_total: amount,
          currency: "usd",
          metadata: body.metadata ?? {},
        };
        stub.sessions.set(id, session);
        return [200, session];
      },
    ],
    ["GET", /^\/v1\/checkout\/sessions\/([^/]+)$/, (m) => found(stub.sessions.get(m[1] as string))],
    ["GET", /^\/v1\/subscriptions\/([^/]+)$/, (m) => found(stub.subscriptions.get(m[1] as string))],
    [
      "POST",
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m, body) => {
        const subscription = stub.subscriptions.get(m[1] as string);
        if (!subscription) return found(undefined);
        if (subscription.status === "canceled") return [400, { error: { type: "invalid_request_error", message: "canceled" } }];
        const item = body.items?.["0"];
        if (item) {
          const current = subscription.items.data[0];
          if (item.id !== current.id) return [400, { error: { type: "invalid_request_error", message: "no such item" } }];
          current.price = { id: item.price };
        }
        if (body.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = body.cancel_at_period_end === "true";
        if (body.metadata) subscription.metadata = { ...subscription.metadata, ...body.metadata };
        if (body.trial_end === "now" && subscription.status === "trialing") {
          const at = nowSeconds();
          subscription.status = "active";
          subscription.trial_end = at;
          subscription.items.data[0].current_period_end = periodEnd(subscription.items.data[0].price.id, at);
        }
        return [200, subscription];
      },
    ],
    [
      "POST",
      /^\/v1\/billing_portal\/sessions$/,
      (_m, body) => {
        if (!body.customer) return [400, { error: { type: "invalid_request_error", message: "customer required" } }];
        const id = newId("bps");
        return [
          200,
          {
            id,
            object: "billing_portal.session",
            customer: body.customer,
            return_url: body.return_url,
            url: `https://billing.stripe.test/p/session/${id}`,
          },
        ];
      },
    ],
    ["GET", /^\/v1\/invoices\/([^/]+)$/, (m) => found(stub.invoices.get(m[1] as string))],
  ];

  async function payOnStripePage(sessionId: string, input: { webhookUrl?: string }): Promise<[number, Json]> {
    const session = stub.sessions.get(sessionId);
    if (!session || !input.webhookUrl) return found(undefined);
    const deliveries: number[] = [];
    for (const paid of completeCheckout(sessionId)) {
      const { body, signature } = signedDelivery(paid);
      const answer = await fetch(input.webhookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body,
      });
      deliveries.push(answer.status);
    }
    return [200, { successUrl: String(session.success_url).replaceAll("{CHECKOUT_SESSION_ID}", sessionId), deliveries }];
  }

  function found(object: Json | undefined): [number, Json] {
    return object
      ? [200, object]
      : [404, { error: { type: "invalid_request_error", message: "No such object", code: "resource_missing" } }];
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const url = new URL(request.url ?? "/", "http://stub");
    const body = parseStripeForm(request.method === "GET" ? url.search.slice(1) : raw);
    stub.requests.push({ method: request.method ?? "", path: url.pathname, body });
    if (stub.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, stub.latencyMs));
    const send = (status: number, json: Json) => {
      response.writeHead(status, { "Content-Type": "application/json", "Request-Id": newId("req") });
      response.end(JSON.stringify(json));
    };
    const standIn = url.pathname.match(/^\/_stand-in\/checkout\/([^/]+)\/pay$/);
    if (standIn && request.method === "POST")
      return send(...(await payOnStripePage(standIn[1] as string, JSON.parse(raw || "{}"))));
    if (request.headers.authorization !== `Bearer ${TEST_SECRET_KEY}`) {
      return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    if (request.headers["stripe-version"] !== STRIPE_API_VERSION) {
      return send(400, {
        error: { type: "invalid_request_error", message: `unexpected version ${request.headers["stripe-version"]}` },
      });
    }
    for (const [method, pattern, run] of routes) {
      const match = url.pathname.match(pattern);
      if (match && method === request.method) return send(...run(match, body));
    }
    return send(404, {
      error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method} ${url.pathname})` },
    });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  }) as StripeStub;
}

/** A webhook delivery as Stripe sends it: the raw JSON body and its Stripe-Signature header. */
export function signedDelivery(
  event: Json,
  options: { secret?: string; timestamp?: number } = {},
): { body: string; signature: string } {
  const body = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
  });
  return { body, signature };
}
