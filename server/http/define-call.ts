import type { Context } from "hono";
import type { z } from "zod";
import type { CallAccess, CallDeclaration } from "#common/api/declare-call.ts";
import type { StaffRole } from "#common/moderation.ts";
import type { AppContext, Viewer } from "../context.ts";
import type { AppEnv } from "./env.ts";
import type { PreparedAnswer } from "./envelope.ts";

export type { CallAccess, SignatureMode } from "#common/api/declare-call.ts";

/** A signed-in moderator or admin (decision 0031): what a "staff" or "admin" call's handler is given. */
export interface StaffViewer extends Viewer {
  role: StaffRole;
}

/** The viewer a handler gets, by its call's access: the router has checked it already. */
export type ViewerOf<A extends CallAccess> = A extends "public" ? Viewer | null : A extends "user" ? Viewer : StaffViewer;

export interface CallArgs<Input, V = Viewer | null> {
  input: Input;
  app: AppContext;
  viewer: V;
  c: Context<AppEnv>;
}

/** The answer's data, or the same already serialized (a cached answer, sent as it is with its ETag). */
type Answer<O extends z.ZodType> = Promise<z.output<O> | PreparedAnswer<z.output<O>>>;

/**
 * A declared call (common/api/) with its handler. Handlers stay thin: the router guards access and
 * the signature and parses the input; the handler makes the one service call (docs/ARCHITECTURE.md,
 * "Thin handlers").
 */
export interface Call<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, A extends CallAccess = CallAccess>
  extends CallDeclaration<I, O, A> {
  handle(args: CallArgs<z.output<I>, ViewerOf<A>>): Answer<O>;
  /**
   * A visitor's answer when this process has it in memory, else undefined (a public GET call whose
   * answer is the same for every visitor): the memory lane writes it before the router (decision 0057).
   * It must answer what `handle` would for a visitor with this input.
   */
  fromMemory?(input: z.output<I>): PreparedAnswer<z.output<O>> | undefined;
}

/** The server's side of a declaration: its handler, with the input and viewer types the declaration gives. */
export function implementCall<I extends z.ZodType, O extends z.ZodType, A extends CallAccess>(
  declaration: CallDeclaration<I, O, A>,
  handle: (args: CallArgs<z.output<I>, ViewerOf<A>>) => Answer<O>,
  options: { fromMemory?: (input: z.output<I>) => PreparedAnswer<z.output<O>> | undefined } = {},
): Call {
  return { ...declaration, handle, ...options } as unknown as Call;
}
