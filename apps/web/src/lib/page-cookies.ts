/**
 * The cookies the web app keeps for the server to render a page as this browser would (PAGE_COOKIES of the
 * contract, docs/adr/0007): the hub it acts on and its width class. Not secret: the API checks the viewer's
 * membership of whatever hub a request names.
 */
const MAX_AGE_S = 400 * 24 * 60 * 60;

/** Sets a page cookie, or removes it with null. */
export function writePageCookie(name: string, value: string | null): void {
  try {
    document.cookie =
      value === null
        ? `${name}=; path=/; max-age=0; samesite=lax`
        : `${name}=${encodeURIComponent(value)}; path=/; max-age=${MAX_AGE_S}; samesite=lax`;
  } catch {
    // Cookies can be disabled: pages then render in the browser only.
  }
}
