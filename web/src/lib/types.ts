import type { Language, Role } from '@planted/domain';

export type { Language, Role };

export interface User {
  id: string | number;
  name: string;
  email: string;
  role: Role;
  customer_id: string | number | null;
  profile_picture_url?: string | null;
  language_preference?: Language | null;
  is_active?: boolean;
  created_at?: string;
  updated_at?: string;
}

export interface Customer {
  id: string | number;
  name: string;
  address?: string;
  status: string;
  subscription_plan?: string | null;
  subscription_start_date?: string | null;
  subscription_end_date?: string | null;
  subscription_canceled_at?: string | null;
}

export interface FieldError {
  param: string;
  msg: string;
}
