// Type-only: erased at build time, so no zod code reaches a bundle through these names.
export type { Customer, FieldError, Language, Role, User } from '@planted/contracts';
