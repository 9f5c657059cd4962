import { DEMO_PASSWORD } from './browser';
import { testServer } from './test-server';

/**
 * Calls the API as an account (bearer token from the sign-in endpoint), for set-up steps only: a demo account
 * in hub northfield unless told otherwise.
 */
export async function apiAs(email: string, options: { password?: string; hub?: string } = {}) {
  const baseUrl = testServer().baseUrl;
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginMethod: 'email', email, password: options.password ?? DEMO_PASSWORD }),
  });
  const { token, user } = (await signIn.json()) as {
    token: string;
    user: { id: string; identifier: string };
  };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-hub-id': options.hub ?? 'northfield',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    // A DELETE answers 204 without a body.
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  };
  return { user, call };
}

/**
 * Makes a demo account bookable at every slot of the meeting grid (no weekly hours), until `lastAvailabilityDate`
 * when given (spec 5 Availability), whatever an earlier spec left.
 */
export async function setOpenAvailability(
  account: Awaited<ReturnType<typeof apiAs>>,
  lastAvailabilityDate: string | null = null,
): Promise<void> {
  await account.call('PUT', '/api/me/availability', {
    timezone: 'America/Los_Angeles',
    lastAvailabilityDate,
    weeklyHours: [],
    slotMinutes: 30,
  });
}
