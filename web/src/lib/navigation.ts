/** Full-page navigation (leaving the SPA, e.g. to an OAuth provider); a function so tests can replace it. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * Screens of signing in or up: never a page to lead back to after signing in (the 401 handler
 * and the sign-in screen's `from` both ask).
 */
export const SIGN_IN_STEPS: ReadonlySet<string> = new Set([
  '/login',
  '/signup',
  '/auth/success',
  '/accept-invite',
  '/forgot-password',
  '/reset-password',
]);

/** Where a signed-out visitor was: the page with its query (an edit link, a search), to lead back to. */
export function returnPathOf(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * The page to lead back to after signing in: a path of this app (never another origin's
 * `//host`), and not a step of signing in itself.
 */
export function returnTarget(from: string | undefined): string | undefined {
  if (!from || !from.startsWith('/') || from.startsWith('//')) return undefined;
  const pathname = from.split(/[?#]/, 1)[0];
  return SIGN_IN_STEPS.has(pathname) ? undefined : from;
}
