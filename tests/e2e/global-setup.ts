import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { exportJWK, generateKeyPair } from "jose";
import { startStripeStub } from "../support/stripe-api-server.ts";
import { startTelegramStandIn } from "../support/telegram-bot-api.ts";
import { JWKS_PORT, KEY_FILE } from "./google-keys.ts";
import { startMailSink } from "./mail-sink.ts";
import { STRIPE_STAND_IN_PORT } from "./stripe-stand-in.ts";
import { TELEGRAM_BOT, TELEGRAM_ENV, TELEGRAM_STAND_IN_PORT } from "./telegram-stand-in.ts";

/**
 * For the whole run, on loopback: the test key's JWKS (the server's GOOGLE_JWKS_URL) and an SMTP
 * server that catches the app's sign-in mail (its SMTP_URL), and a Stripe stand-in (STRIPE_API_BASE of
 * the app configured with Stripe), and a Telegram stand-in (the main app's TELEGRAM_API_URL).
 */
export default async function globalSetup() {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = `e2e-${Date.now()}`;
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  writeFileSync(KEY_FILE, JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: "RS256" }));
  const server = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => server.listen(JWKS_PORT, "127.0.0.1", resolve));
  const stopMailSink = await startMailSink();
  const stripe = await startStripeStub({ port: STRIPE_STAND_IN_PORT });
  const telegram = await startTelegramStandIn({
    token: TELEGRAM_ENV.TELEGRAM_BOT_TOKEN,
    botUsername: TELEGRAM_BOT,
    port: TELEGRAM_STAND_IN_PORT,
  });
  return async () => {
    await telegram.close();
    await stopMailSink();
    await stripe.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
