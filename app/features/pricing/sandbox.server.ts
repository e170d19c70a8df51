import type { SandboxProvider } from "../../../server/billing/sandbox-provider.ts";
import type { AppContext } from "../../../server/context.ts";
import { userOfRequest } from "../auth/session.server.ts";

/**
 * What a payments-sandbox page shows (a checkout, a portal session), for its own user only: 404 when
 * the sandbox is off (Stripe configured), the id is unknown, or it belongs to someone else.
 */
export async function ownSandboxView<View extends { userId: number | null }>(
  app: AppContext,
  request: Request,
  read: (sandbox: SandboxProvider) => View | null,
): Promise<{ sandbox: SandboxProvider; view: View }> {
  const sandbox = app.billing.sandbox;
  const view = sandbox ? read(sandbox) : null;
  const user = await userOfRequest(app.database.db, request);
  if (!sandbox || !view || !user || user.id !== view.userId) throw new Response("Not Found", { status: 404 });
  return { sandbox, view };
}
