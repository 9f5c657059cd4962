import { beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => vi.fn());
const returnToOwnSession = vi.hoisted(() => vi.fn<() => Promise<unknown>>());
const navigateTo = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show: toast } }));
vi.mock('./login-as-session', () => ({ returnToOwnSession }));
vi.mock('./navigation', () => ({ navigateTo, currentPath: () => '/hub/northfield/home' }));

const { endSession } = await import('./end-session');
const { session } = await import('./session');

/** An unsigned token with these claims (the web app only reads the payload). */
function tokenWith(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: 'u1', ...claims })}.signature`;
}

describe('endSession', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    session.setCurrentHub('northfield');
  });

  it('signs an ordinary session out without trying the login-as return', () => {
    session.start(tokenWith({}));
    endSession();
    expect(session.getToken()).toBeNull();
    expect(returnToOwnSession).not.toHaveBeenCalled();
  });

  it("brings the admin's own session back when a login-as session ends, on the hub's login-as screen", async () => {
    const memberToken = tokenWith({ loginAsAdmin: true });
    session.start(memberToken);
    returnToOwnSession.mockImplementation(() => {
      session.start(tokenWith({}));
      return Promise.resolve({});
    });
    endSession();
    await vi.waitFor(() => expect(navigateTo).toHaveBeenCalled());
    expect(returnToOwnSession).toHaveBeenCalledTimes(1);
    expect(navigateTo).toHaveBeenCalledWith('/hub/northfield/site-admin/login-as', { replace: true });
    expect(session.getToken()).not.toBeNull();
    expect(session.getToken()).not.toBe(memberToken);
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('signs out when the return fails (the kept session is gone too)', async () => {
    session.start(tokenWith({ loginAsAdmin: true }));
    returnToOwnSession.mockRejectedValue(new Error('token_invalid'));
    endSession();
    await vi.waitFor(() => expect(session.getToken()).toBeNull());
    expect(returnToOwnSession).toHaveBeenCalledTimes(1);
  });

  it('signs out at once when asked not to try the return (signing out on purpose)', () => {
    session.start(tokenWith({ loginAsAdmin: true }));
    endSession({ isLoginAsReturnTried: false });
    expect(session.getToken()).toBeNull();
    expect(returnToOwnSession).not.toHaveBeenCalled();
  });
});
