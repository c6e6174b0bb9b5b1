import type { Role, User } from './types';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads a JWT payload without verifying it (the server verifies on every call). */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload = JSON.parse(decodeBase64Url(parts[1])) as unknown;
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Spec §3: the token carries userId, email, role, name and customer_id. */
export function userFromToken(token: string): User | null {
  const payload = decodeJwtPayload(token);
  if (!payload) return null;
  const id = payload.userId ?? payload.sub;
  if (id === undefined || id === null) return null;
  return {
    id: id as string | number,
    email: typeof payload.email === 'string' ? payload.email : '',
    role: (payload.role as Role) ?? 'user',
    name: typeof payload.name === 'string' ? payload.name : '',
    customer_id: (payload.customer_id as string | number | null) ?? null,
  };
}
