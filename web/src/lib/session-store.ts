import { readItem, removeItem, writeItem } from './storage';
import type { Customer, User } from './types';

/**
 * The login screen's Remember me, kept in this tab while the provider has the browser, for
 * /auth/success to sign in as it says (sessionStorage outlives the round trip, not the tab).
 * Its presence also says this tab started the sign-in: neither /auth/success nor /dashboard
 * takes a token from the address without it, never one from a link someone sent (it would
 * sign the reader in to the sender's account, everything they then type going to the
 * sender's company).
 */
export const SOCIAL_REMEMBER_KEY = 'socialRemember';

/** Spec §4: the session is the token, the user and the customer, kept in browser storage. */
export const SESSION_KEYS = { token: 'token', user: 'user', customer: 'customer' } as const;

export type SessionStatus = 'restoring' | 'authenticated' | 'anonymous';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: User | null;
  customer: Customer | null;
  /** true when kept in localStorage (Remember me), false for sessionStorage. */
  persistent: boolean;
  /** Anonymous because the server ended the session (a 401), not because the user signed out. */
  ended?: boolean;
}

export interface StoredSession {
  token: string;
  user: User;
  customer: Customer;
  persistent: boolean;
}

const ANONYMOUS: SessionState = {
  status: 'anonymous',
  token: null,
  user: null,
  customer: null,
  persistent: false,
};

function parse<T>(raw: string | null): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Reads a complete session from localStorage, else sessionStorage; partial leftovers count as none. */
export function readStoredSession(): StoredSession | null {
  for (const kind of ['local', 'session'] as const) {
    const token = readItem(SESSION_KEYS.token, kind);
    const user = parse<User>(readItem(SESSION_KEYS.user, kind));
    const customer = parse<Customer>(readItem(SESSION_KEYS.customer, kind));
    if (token && user && customer) return { token, user, customer, persistent: kind === 'local' };
  }
  return null;
}

function clearStorage(): void {
  for (const kind of ['local', 'session'] as const) {
    for (const key of Object.values(SESSION_KEYS)) removeItem(key, kind);
  }
}

type Listener = () => void;

export class SessionStore {
  private state: SessionState = ANONYMOUS;
  private readonly listeners = new Set<Listener>();

  getState = (): SessionState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Loads what storage holds; a complete stored session is trusted but still to be verified. */
  load(): SessionState {
    const stored = readStoredSession();
    this.set(stored ? { status: 'restoring', ...stored } : ANONYMOUS);
    return this.state;
  }

  signIn(
    session: { token: string; user: User; customer: Customer | null },
    options: { persistent: boolean },
  ): void {
    clearStorage();
    this.set({ status: 'authenticated', ...session, persistent: options.persistent });
    this.persist();
  }

  update(patch: Partial<Pick<SessionState, 'token' | 'user' | 'customer'>>): void {
    if (!this.state.token && !patch.token) return;
    this.set({ ...this.state, ...patch });
    this.persist();
  }

  markRestored(): void {
    if (this.state.status === 'restoring') this.set({ ...this.state, status: 'authenticated' });
  }

  /** Signs out; `ended` when the server ended the session (the sign-in page then says so). */
  clear(options: { ended?: boolean } = {}): void {
    clearStorage();
    this.set(options.ended ? { ...ANONYMOUS, ended: true } : ANONYMOUS);
  }

  /**
   * A call was refused with `refused`: whether this tab now holds another token for the same
   * Remember-me session (another tab changed the password or email, and the server handed that
   * tab a fresh token while ending the old one), adopted from storage if need be, so the call
   * is worth sending again rather than signing this tab out.
   */
  hasNewerToken(refused: string): boolean {
    if (this.state.token && this.state.token !== refused) return true;
    if (!this.state.persistent || this.state.token !== refused) return false;
    return this.adoptStored();
  }

  /** Takes the Remember-me session another tab stored in place of this tab's token, if any. */
  private adoptStored(): boolean {
    const stored = readStoredSession();
    if (!stored?.persistent || stored.token === this.state.token) return false;
    this.set({ ...this.state, token: stored.token, user: stored.user, customer: stored.customer });
    return true;
  }

  /**
   * Follows a Remember-me session kept in localStorage from other tabs: a sign-out there (the
   * token removed) signs this tab out too, rather than leaving its screens on show until the
   * next call; a fresh token stored there (a password or email change, which ends the old
   * token) is this tab's from then on. Answers the unsubscribe.
   */
  followOtherTabs(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== localStorage || event.key !== SESSION_KEYS.token) return;
      if (!this.state.persistent || !this.state.token) return;
      if (event.newValue === null) this.clear();
      else if (event.newValue !== this.state.token) this.adoptStored();
    };
    target.addEventListener('storage', onStorage);
    return () => target.removeEventListener('storage', onStorage);
  }

  private persist(): void {
    const kind = this.state.persistent ? 'local' : 'session';
    const { token, user, customer } = this.state;
    if (token) writeItem(SESSION_KEYS.token, token, kind);
    if (user) writeItem(SESSION_KEYS.user, JSON.stringify(user), kind);
    if (customer) writeItem(SESSION_KEYS.customer, JSON.stringify(customer), kind);
  }

  private set(next: SessionState): void {
    this.state = next;
    this.listeners.forEach((listener) => listener());
  }
}

export const sessionStore = new SessionStore();
