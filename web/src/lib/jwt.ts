import { ROLES, type Role } from '@planted/domain';
import type { User } from './types';

function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

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
  if (typeof id !== 'string' || !id) return null;
  // The token names only these; the rest stays empty until the profile refresh replaces the user.
  return {
    id,
    email: typeof payload.email === 'string' ? payload.email : '',
    role: isRole(payload.role) ? payload.role : 'user',
    name: typeof payload.name === 'string' ? payload.name : '',
    customer_id: typeof payload.customer_id === 'string' ? payload.customer_id : '',
    profile_picture_url: null,
    language_preference: null,
    is_active: true,
    created_at: '',
    updated_at: '',
  };
}
