import type { Customer, User } from '../../../lib/types';

export interface AuthAnswer {
  token: string;
  user: User;
  customer: Customer;
}
