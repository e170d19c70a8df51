import type { PageRequestContext } from "#server/app.ts";
import type { SandboxProvider } from "#server/billing/sandbox/sandbox-provider.ts";
import { userOfRequest } from "../auth/session.server.ts";

/**
 * What a payments-sandbox page shows (a checkout, a portal session), for its own user only: 404 when
 * the sandbox is off (Stripe configured), the request did not come straight from this machine
 * (decision 0012), the id is unknown, or it belongs to someone else.
 */
export async function ownSandboxView<View extends { userId: number | null }>(
  { app, localStandIns }: Pick<PageRequestContext, "app" | "localStandIns">,
  request: Request,
  read: (sandbox: SandboxProvider) => View | null,
): Promise<{ sandbox: SandboxProvider; view: View }> {
  const sandbox = localStandIns ? app.billing.sandbox : null;
  const view = sandbox ? read(sandbox) : null;
  const user = await userOfRequest(app, request, { touch: false });
  if (!sandbox || !view || !user || user.id !== view.userId) throw new Response("Not Found", { status: 404 });
  return { sandbox, view };
}
