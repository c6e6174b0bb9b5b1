import { ApiBody } from '@nestjs/swagger';
import { z } from 'zod';

/** Documents a route's JSON body in OpenAPI from the same zod schema that validates it. */
export function ApiZodBody(schema: z.ZodType, description?: string) {
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    delete jsonSchema.$schema;
  } catch {
    jsonSchema = { type: 'object' };
  }
  return ApiBody({ schema: jsonSchema, description });
}
