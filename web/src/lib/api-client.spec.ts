import { IDEMPOTENCY } from '@planted/contracts/messages';
import { ApiError, apiRequest, errorMessage, RETRY_DELAYS_MS, setUnauthorizedHandler } from './api-client';
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

  it('sends a call refused for a token another tab has since replaced again with the new token, once', async () => {
    const onUnauthorized = jest.fn();
    setUnauthorizedHandler(onUnauthorized);
    const fresh = { ...testUser, name: 'Alice Changed' };
    const { calls } = mockFetch({
      'GET /api/users': (call) => {
        if (call.headers.Authorization === 'Bearer fresh') return { body: { users: [] } };
        // Another tab changed the password meanwhile: the server ended 'tok' and gave it 'fresh'.
        localStorage.setItem('token', 'fresh');
        localStorage.setItem('user', JSON.stringify(fresh));
        return { status: 401, body: { error: 'Session ended' } };
      },
    });
    await expect(apiRequest('/users')).resolves.toEqual({ users: [] });
    expect(calls.map((call) => call.headers.Authorization)).toEqual(['Bearer tok', 'Bearer fresh']);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', token: 'fresh', user: fresh });
    expect(localStorage.getItem('token')).toBe('fresh');
  });

  it('signs out when the replaced token is refused too', async () => {
    const onUnauthorized = jest.fn();
    setUnauthorizedHandler(onUnauthorized);
    const { calls } = mockFetch({
      'GET /api/users': () => {
        localStorage.setItem('token', `t${Math.random()}`);
        return { status: 401, body: { error: 'Session ended' } };
      },
    });
    await expect(apiRequest('/users')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(2);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(sessionStore.getState().status).toBe('anonymous');
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

describe('creating calls are safe to retry (design.md, Contracts: Idempotency-Key)', () => {
  const unknown = { status: 503, body: { error: IDEMPOTENCY.OUTCOME_UNKNOWN } };
  const created = { status: 201, body: { invitation: { id: 'i1' } } };
  const keyOf = (call: { headers: Record<string, string> }) => call.headers[IDEMPOTENCY.HEADER];

  /** Answers the calls in turn: an answer, or an Error to throw as fetch does without one. */
  function answersInTurn(...answers: ({ status: number; body?: unknown } | Error)[]) {
    let next = 0;
    return mockFetch({
      'POST /api/invitations': () => {
        const answer = answers[Math.min(next++, answers.length - 1)];
        if (answer instanceof Error) throw answer;
        return answer;
      },
    });
  }

  it('sends a new key with each POST, and none with other methods', async () => {
    const { calls } = mockFetch({
      'POST /api/invitations': created,
      'PUT /api/users/language': { body: {} },
    });
    await apiRequest('/invitations', { method: 'POST', body: { email: 'a@x.test' } });
    await apiRequest('/invitations', { method: 'POST', body: { email: 'a@x.test' } });
    await apiRequest('/users/language', { method: 'PUT', body: { language: 'es' } });
    expect(keyOf(calls[0])).toMatch(/^[\x21-\x7e]{16,255}$/);
    expect(keyOf(calls[1])).toMatch(/^[\x21-\x7e]{16,255}$/);
    expect(keyOf(calls[1])).not.toBe(keyOf(calls[0]));
    expect(keyOf(calls[2])).toBeUndefined();
  });

  it('retries a network failure and an unknown outcome with the same key, and answers the result', async () => {
    const { calls } = answersInTurn(new TypeError('Failed to fetch'), unknown, created);
    await expect(
      apiRequest('/invitations', { method: 'POST', body: { email: 'a@x.test' } }),
    ).resolves.toEqual(created.body);
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map(keyOf)).size).toBe(1);
    expect(calls.map((c) => c.body)).toEqual(Array(3).fill({ email: 'a@x.test' }));
  });

  it('gives up on a request that never got an answer as on an unknown outcome: it says so, not that it failed (AV-3)', async () => {
    const { calls } = answersInTurn(new TypeError('Failed to fetch'));
    const error = await apiRequest('/invitations', { method: 'POST', body: { email: 'lost@x.test' } }).catch(
      (e: unknown) => e,
    );
    expect(calls).toHaveLength(1 + RETRY_DELAYS_MS.length);
    expect(errorMessage(error, 'Failed to send invitation')).toBe(IDEMPOTENCY.OUTCOME_UNKNOWN);
    // Signing in with no answer is a failed sign-in, worded by its screen; a profile picture
    // sent with no answer, under /auth/ too, is a save like any other.
    mockFetch({
      'POST /api/auth/login': () => {
        throw new TypeError('Failed to fetch');
      },
      'POST /api/auth/profile-picture': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const login = await apiRequest('/auth/login', { method: 'POST', body: {}, savesNothing: true }).catch(
      (e: unknown) => e,
    );
    expect(errorMessage(login, 'Login failed')).toBe('Login failed');
    const picture = await apiRequest('/auth/profile-picture', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(errorMessage(picture, 'Failed to upload')).toBe(IDEMPOTENCY.OUTCOME_UNKNOWN);
    // A read that got no answer is simply a failure.
    mockFetch({
      'GET /api/sites': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const read = await apiRequest('/sites').catch((e: unknown) => e);
    expect(errorMessage(read, 'Failed to load sites')).toBe('Failed to load sites');
  });

  it('gives up after two retries and shows the server’s message', async () => {
    const { calls } = answersInTurn(unknown);
    const error = await apiRequest('/invitations', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(calls).toHaveLength(1 + RETRY_DELAYS_MS.length);
    expect(errorMessage(error, 'Fallback')).toBe(IDEMPOTENCY.OUTCOME_UNKNOWN);
  });

  it('sends the user’s own retry of a request whose outcome stayed unknown with the same key; later ones with new keys', async () => {
    const body = { email: 'retry@x.test' };
    const { calls } = answersInTurn(unknown, unknown, unknown, created, created);
    await expect(apiRequest('/invitations', { method: 'POST', body })).rejects.toBeInstanceOf(Error);
    const lost = keyOf(calls[0]);
    // The same submit again: were the first one done after all, the server answers it again.
    await expect(apiRequest('/invitations', { method: 'POST', body: { ...body } })).resolves.toEqual(
      created.body,
    );
    expect(keyOf(calls[3])).toBe(lost);
    // Confirmed: the next request is a new one.
    await apiRequest('/invitations', { method: 'POST', body });
    expect(keyOf(calls[4])).not.toBe(lost);
  });

  it('sends the user’s own retry of a multipart upload whose outcome stayed unknown with the same key (AV-1)', async () => {
    const image = new File(['png'], 'digger.png', { type: 'image/png', lastModified: 1 });
    const form = (file: File) => {
      const data = new FormData();
      data.append('name', 'Kango 950');
      data.append('image', file);
      return data;
    };
    const { calls } = answersInTurn(unknown, unknown, unknown, created, created);
    await expect(apiRequest('/invitations', { method: 'POST', body: form(image) })).rejects.toBeInstanceOf(
      Error,
    );
    const lost = keyOf(calls[0]);
    // Sent again unchanged (the form rebuilds its FormData from the same fields and picked file).
    await apiRequest('/invitations', { method: 'POST', body: form(image) });
    expect(keyOf(calls[3])).toBe(lost);
    // Another image is another request.
    const other = new File(['gif'], 'other.gif', { type: 'image/gif', lastModified: 1 });
    await apiRequest('/invitations', { method: 'POST', body: form(other) });
    expect(keyOf(calls[4])).not.toBe(lost);
  });

  it('does not retry answers that are the truth, nor other unavailability', async () => {
    for (const answer of [
      { status: 409, body: { error: 'Email already in use' } },
      { status: 503, body: { error: 'Service temporarily unavailable. Please try again shortly.' } },
    ]) {
      const { calls } = answersInTurn(answer);
      await expect(apiRequest('/invitations', { method: 'POST', body: {} })).rejects.toMatchObject({
        status: answer.status,
      });
      expect(calls).toHaveLength(1);
    }
  });
});
