import { useRouteLoaderData } from "react-router";

export interface PageUser {
  id: number;
  email: string | null;
  nick: string;
  point: number;
  subscribePlan: string;
  /** Our copy of the Google profile picture (`/files/avatar-….webp`, decision 0029), or null: the initial shows. */
  avatar?: { path: string } | null;
}

/** The signed-in user from the root loader's initial state, or null for a visitor. */
export function useUser(): PageUser | null {
  const root = useRouteLoaderData("root") as { user?: PageUser | null } | undefined;
  return root?.user ?? null;
}
