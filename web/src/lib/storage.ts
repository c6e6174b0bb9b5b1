// Storage can be unavailable (private mode, disabled cookies); the app then runs without persistence.
function area(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string, kind: 'local' | 'session' = 'local'): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string, kind: 'local' | 'session' = 'local'): void {
  try {
    area(kind)?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the value simply is not kept.
  }
}

export function removeItem(key: string, kind: 'local' | 'session' = 'local'): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
