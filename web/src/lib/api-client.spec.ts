import { ApiError, apiRequest, errorMessage, setUnauthorizedHandler } from './api-client';
import { sessionStore } from './session-store';
import { mockFetch, resetBrowserState, testCustomer, testUser } from '../test/utils';

beforeEach(() => {
  resetBrowserState();
  sessionStore.signIn({ token: 'tok', user: testUser, customer: testCustomer }, { persistent: true });
});
afterEach(() => setUnauthorizedHandler(null));

describe('api client', () => {
  it('calls /api with JSON and the bearer token', async () => {
    const { calls } = mockFetch({ 'PUT /api/users/language': { body: { user: testUser } } });
    await apiRequest('/users/language', { method: 'PUT', body: { language: 'es' } });
    expect(calls[0]).toMatchObject({
      url: '/api/users/language',
      method: 'PUT',
      body: { language: 'es' },
      headers: { Authorization: 'Bearer tok', 'Content-Type': 'application/json' },
    });
  });

  it('adds query parameters and skips empty ones', async () => {
    const { calls } = mockFetch({ 'GET /api/invitations/validate': { body: {} } });
    await apiRequest('/invitations/validate', { query: { token: 'a b', empty: '', none: undefined } });
    expect(calls[0].url).toBe('/api/invitations/validate?token=a+b');
  });

  it('turns an error answer into an ApiError with status, message and field details', async () => {
    mockFetch({
      'POST /api/auth/register': {
        status: 400,
        body: { error: 'Validation failed', details: [{ param: 'email', msg: 'Email is required' }] },
      },
    });
    const error = await apiRequest('/auth/register', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Validation failed',
      serverMessage: 'Validation failed',
      details: [{ param: 'email', msg: 'Email is required' }],
    });
  });

  it('uses the fallback when the answer has no error text (spec §8)', async () => {
    mockFetch({ 'GET /api/users': { status: 502 } });
    const error = await apiRequest('/users').catch((e: unknown) => e);
    expect(errorMessage(error, 'Failed to load users')).toBe('Failed to load users');
    expect(errorMessage(new TypeError('network down'), 'Fallback')).toBe('Fallback');
  });

  it('on a 401 clears the session and sends the browser to /login (spec §4, §8)', async () => {
    const onUnauthorized = jest.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch({ 'GET /api/users': { status: 401, body: { error: 'Token expired' } } });
    await expect(apiRequest('/users')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(sessionStore.getState()).toMatchObject({ status: 'anonymous', token: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('leaves the session alone for the login call, whose 401 is a wrong password', async () => {
    const onUnauthorized = jest.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch({ 'POST /api/auth/login': { status: 401, body: { error: 'Invalid email or password' } } });
    await expect(
      apiRequest('/auth/login', { method: 'POST', body: {}, skipUnauthorizedRedirect: true }),
    ).rejects.toMatchObject({ status: 401, serverMessage: 'Invalid email or password' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(sessionStore.getState().token).toBe('tok');
  });

  it('does not treat other errors as the end of the session', async () => {
    const onUnauthorized = jest.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch({ 'POST /api/invitations': { status: 403, body: { error: 'Admins only' } } });
    await expect(apiRequest('/invitations', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 403,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(sessionStore.getState().status).toBe('authenticated');
  });

  it('sends FormData as multipart without a JSON content type', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/profile-picture': { body: {} } });
    const form = new FormData();
    form.append('profilePicture', new Blob(['x'], { type: 'image/jpeg' }), 'profile-picture.jpg');
    await apiRequest('/auth/profile-picture', { method: 'POST', body: form });
    expect(calls[0].body).toBe(form);
    expect(calls[0].headers['Content-Type']).toBeUndefined();
  });
});
