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
