import { z } from 'zod';
import { defineRequest } from '../subject';

/** Public keys the gateway verifies session tokens with (JWKS), fetched once and on an unknown kid. */
export const IdentityJwks = defineRequest(
  'identity.auth.jwks.v1',
  z.object({}),
  z.object({ keys: z.array(z.record(z.string(), z.unknown())) }),
  { caller: 'public' },
);
