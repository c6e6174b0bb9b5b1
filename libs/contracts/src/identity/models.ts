import { z } from 'zod';

export const ROLE_VALUES = ['admin', 'user', 'viewer'] as const;
export const roleSchema = z.enum(ROLE_VALUES);
export type Role = z.infer<typeof roleSchema>;

export const LANGUAGE_VALUES = ['en', 'es'] as const;
export const languageSchema = z.enum(LANGUAGE_VALUES);
export type Language = z.infer<typeof languageSchema>;

export const PLAN_VALUES = ['free', 'teams', 'business', 'unlimited'] as const;
export const planIdSchema = z.enum(PLAN_VALUES);

/** The user as every answer shows it (spec §3). Never carries the password hash. */
export const userSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  customer_id: z.string().uuid(),
  profile_picture_url: z.string().nullable(),
  language_preference: languageSchema.nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const customerSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  address: z.string(),
  status: z.string(),
  subscription_plan: planIdSchema,
  subscription_start_date: z.string().nullable(),
  subscription_end_date: z.string().nullable(),
  subscription_canceled_at: z.string().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

/**
 * Who is asking: taken by the gateway from the verified token, never from a request
 * body. Every tenant-scoped subject carries it.
 */
export const actorSchema = z.object({
  userId: z.string().uuid(),
  customerId: z.string().uuid(),
  role: roleSchema,
  email: z.string(),
  name: z.string(),
  /** The token's session id (`sid`): what logout ends. Absent for tokens issued before sessions had ids. */
  sessionId: z.string().optional(),
});
export type Actor = z.infer<typeof actorSchema>;

/** Claims of the session token (spec §3: userId, email, role, name, customer_id). */
export const tokenClaimsSchema = z.object({
  userId: z.string().uuid(),
  email: z.string(),
  role: roleSchema,
  name: z.string(),
  customer_id: z.string().uuid(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

/**
 * The actor a verified session token speaks for, or undefined when its claims are not ours.
 * The gateway and every service's admission build it here, so both carry the same fields
 * (the session id included: it is what logout ends).
 */
export function actorFromClaims(payload: Record<string, unknown>): Actor | undefined {
  const claims = tokenClaimsSchema.safeParse(payload);
  if (!claims.success) return undefined;
  const c = claims.data;
  const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
  return {
    userId: c.userId,
    customerId: c.customer_id,
    role: c.role,
    email: c.email,
    name: c.name,
    ...(sessionId ? { sessionId } : {}),
  };
}

export const sessionSchema = z.object({ token: z.string(), user: userSchema, customer: customerSchema });
export type Session = z.infer<typeof sessionSchema>;
