import type { Session } from '@planted/contracts';

export type AuthAnswer = Session;
