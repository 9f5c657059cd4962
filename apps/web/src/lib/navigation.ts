/**
 * Navigation from outside React (the API client and the session timer): the router registers its
 * navigate function here once, so library code can send the user to /404 or /sign-in.
 */

type TNavigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: TNavigate | null = null;

/** Registers the router's navigate function (called once by the root layout). */
export function registerNavigate(navigate: TNavigate | null): void {
  navigateImpl = navigate;
}

/** Navigates inside the app, or loads the URL when no router is mounted yet. */
export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigateImpl !== null) {
    navigateImpl(to, options);
    return;
  }
  if (options.replace === true) window.location.replace(to);
  else window.location.assign(to);
}

/** The current path with query and hash, as the spec 8 rules read it. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}
