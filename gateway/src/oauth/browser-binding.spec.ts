import {
  bindingCookie,
  bindingFromCookies,
  clearedBindingCookie,
  newBrowserBinding,
  sameBrowser,
} from './browser-binding';

describe('browser binding of a social sign-in', () => {
  it('matches only the cookie the state was bound to', () => {
    const mine = newBrowserBinding();
    const theirs = newBrowserBinding();
    expect(sameBrowser(mine.value, mine.hash)).toBe(true);
    expect(sameBrowser(theirs.value, mine.hash)).toBe(false);
    expect(sameBrowser(undefined, mine.hash)).toBe(false);
    expect(sameBrowser(mine.value, undefined)).toBe(false);
  });

  it('reads the value among other cookies, and ignores malformed ones', () => {
    const { value } = newBrowserBinding();
    expect(bindingFromCookies(`theme=dark; planted_oauth=${value}; x=1`)).toBe(value);
    expect(bindingFromCookies(['a=1', `planted_oauth=${value}`])).toBe(value);
    expect(bindingFromCookies('planted_oauth=short')).toBeUndefined();
    expect(bindingFromCookies('xplanted_oauth=' + value)).toBeUndefined();
    expect(bindingFromCookies(undefined)).toBeUndefined();
  });

  it('scopes the cookie to the callback; Lax for redirects, None+Secure for Apple’s form_post', () => {
    expect(bindingCookie('google', 'v', 600, false)).toBe(
      'planted_oauth=v; Max-Age=600; Path=/api/auth/google/callback; HttpOnly; SameSite=Lax',
    );
    expect(bindingCookie('microsoft', 'v', 600, true)).toBe(
      'planted_oauth=v; Max-Age=600; Path=/api/auth/microsoft/callback; HttpOnly; SameSite=Lax; Secure',
    );
    expect(bindingCookie('apple', 'v', 600, false)).toBe(
      'planted_oauth=v; Max-Age=600; Path=/api/auth/apple/callback; HttpOnly; SameSite=None; Secure',
    );
    expect(clearedBindingCookie('google', false)).toBe(
      'planted_oauth=; Max-Age=0; Path=/api/auth/google/callback; HttpOnly; SameSite=Lax',
    );
  });
});
