import { randomBytes } from 'node:crypto';
import { e2eEnv } from './state';

export interface Account {
  companyName: string;
  companyAddress: string;
  name: string;
  email: string;
  password: string;
}

/** A company and admin no other test uses (unique email per call). */
export function newAccount(label: string): Account {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return {
    companyName: `${label} Plant Hire ${id}`,
    companyAddress: '12 Quarry Road, Leeds LS9 8AB',
    name: `${label} Admin`,
    email: `${label.toLowerCase()}-${id}@planted.test`,
    password: `pw-${randomBytes(6).toString('hex')}`,
  };
}

/** Registers a company through the API (POST /api/auth/register), for tests whose subject is elsewhere. */
export async function registerCompany(account: Account): Promise<void> {
  const res = await fetch(`${e2eEnv('baseUrl')}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      customerName: account.companyName,
      customerAddress: account.companyAddress,
      userName: account.name,
      email: account.email,
      password: account.password,
    }),
  });
  if (res.status !== 201) throw new Error(`register ${account.email}: ${res.status} ${await res.text()}`);
}

/** Signs in through the API (POST /api/auth/login) and returns the session token. */
export async function apiToken(account: Pick<Account, 'email' | 'password'>): Promise<string> {
  const res = await fetch(`${e2eEnv('baseUrl')}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (res.status !== 200) throw new Error(`login ${account.email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Invites `email` into the admin's company through the API (POST /api/invitations). */
export async function inviteByApi(
  adminToken: string,
  invitee: { email: string; name: string; role: 'admin' | 'user' | 'viewer' },
): Promise<void> {
  const res = await fetch(`${e2eEnv('baseUrl')}/api/invitations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify(invitee),
  });
  if (res.status !== 201) throw new Error(`invite ${invitee.email}: ${res.status} ${await res.text()}`);
}
