/** Full-page navigation (leaving the SPA, e.g. to an OAuth provider); a function so tests can replace it. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * Screens of signing in or up: never a page to lead back to after signing in (the 401 handler
 * and the sign-in screen's `from` both ask, through isSignInStep).
 */
const SIGN_IN_STEPS: ReadonlySet<string> = new Set([
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
  // A backslash or a control character may turn into `//` in the browser's hands (audit AL-2).
  if (!from || !from.startsWith('/') || from.startsWith('//') || hasUnsafeCharacter(from)) return undefined;
  return isSignInStep(from.split(/[?#]/, 1)[0]) ? undefined : from;
}

function hasUnsafeCharacter(path: string): boolean {
  for (let i = 0; i < path.length; i++) {
    const code = path.charCodeAt(i);
    if (code === 0x5c || code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Whether a path is a sign-in step, as the router matches paths: any case, a trailing slash or not. */
export function isSignInStep(pathname: string): boolean {
  return SIGN_IN_STEPS.has(pathname.toLowerCase().replace(/\/+$/, ''));
}
