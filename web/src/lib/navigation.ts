/** Full-page navigation (leaving the SPA, e.g. to an OAuth provider); a function so tests can replace it. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
