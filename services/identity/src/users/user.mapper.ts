import type { TokenClaims, User } from '@planted/contracts';
import type { UserRow } from '../db/schema';

/** The user as answers show it (spec §3); the password hash and provider ids never leave the service. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    customer_id: row.customerId,
    profile_picture_url: row.profilePictureUrl,
    language_preference: row.languagePreference,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toTokenClaims(row: UserRow): TokenClaims {
  return { userId: row.id, email: row.email, role: row.role, name: row.name, customer_id: row.customerId };
}
