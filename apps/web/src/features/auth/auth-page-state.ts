/**
 * Router state the auth pages hand each other (never put in the address): the sign-in page fills the
 * email it was given and shows the notice; the forgot-password page fills the email typed at sign-in.
 */
export type TAuthPageState = {
  email?: string;
  /** Shown on the sign-in page: the password was just reset (issue #16 item 13). */
  notice?: 'passwordReset';
};

/** The state of a location as the auth pages wrote it; anything else reads as empty. */
export function readAuthPageState(state: unknown): TAuthPageState {
  if (typeof state !== 'object' || state === null) return {};
  const { email, notice } = state as Record<string, unknown>;
  return {
    ...(typeof email === 'string' ? { email } : {}),
    ...(notice === 'passwordReset' ? { notice } : {}),
  };
}
