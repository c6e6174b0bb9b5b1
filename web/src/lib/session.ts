import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionState } from './session-store';

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
}

/**
 * Whether the signed-in user may add or change the company's records: anyone but a viewer
 * (the server refuses a viewer's changes; the screens then offer none).
 */
export function useCanChange(): boolean {
  return useSession().user?.role !== 'viewer';
}
