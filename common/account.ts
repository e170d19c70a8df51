/** Shapes of the account calls (decision 0037), shared by the server and the page. */

/** What `GET /api/account/summary` answers: what deleting the account takes away. */
export interface AccountSummary {
  email: string | null;
  /** What the user types to confirm: their e-mail address, or `DELETE` for an account without one. */
  confirmation: string;
  stickers: number;
  packs: number;
  favorites: number;
  points: number;
  /** The paid plan that deleting cancels (no further charge), or null without one. */
  plan: { planId: number; cancelAtPeriodEnd: boolean; currentPeriodEnd: string | null } | null;
}
