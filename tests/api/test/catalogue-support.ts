import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { uniqueName, waitFor } from '@planted/testing';
import { client, company, email, inviteTokenFrom, type System } from './system';

export interface Member {
  token: string;
  customerId: string;
  userId: string;
}

/**
 * Company A (its admin, and a plain user it invited) and company B (its admin), which
 * probes A's records in every test.
 */
export interface Companies {
  a: Member;
  aUser: Member;
  b: Member;
}

export async function twoCompanies(sys: System, label: string): Promise<Companies> {
  const api = client(sys.url);
  const register = async (name: string): Promise<Member> => {
    const res = await api.post('/api/auth/register', company(name));
    if (res.status !== 201) throw new Error(`register ${name}: ${res.status} ${JSON.stringify(res.body)}`);
    return { token: res.body.token, customerId: res.body.customer.id, userId: res.body.user.id };
  };
  const a = await register(`${label}A`);
  const b = await register(`${label}B`);
  const aUser = await inviteMember(sys, a, {
    label: `${label.toLowerCase()}-user`,
    name: 'Uma User',
    role: 'user',
  });
  return { a, b, aUser };
}

/** A member of the admin's company in `role`, as a person joins: invited, the emailed link accepted, signed in. */
export async function inviteMember(
  sys: System,
  admin: Pick<Member, 'token' | 'customerId'>,
  { label, name, role }: { label: string; name: string; role: 'admin' | 'user' | 'viewer' },
): Promise<Member & { email: string; name: string }> {
  const api = client(sys.url);
  const address = email(label);
  const invited = await api.post('/api/invitations', { email: address, name, role }, admin.token);
  if (invited.status !== 201) throw new Error(`invite: ${invited.status} ${JSON.stringify(invited.body)}`);
  const token = inviteTokenFrom(await sys.smtp.waitForMailTo(invited.body.invitation.email));
  const accepted = await api.post('/api/invitations/accept', { token, name, password: 'user-pass-1' });
  if (accepted.status !== 201) throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  const login = await api.post('/api/auth/login', { email: address, password: 'user-pass-1' });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  return {
    token: login.body.token,
    customerId: admin.customerId,
    userId: login.body.user.id,
    email: login.body.user.email,
    name: login.body.user.name,
  };
}

/** A word no other test (or test run) has put in a name, to search for. */
export const tag = (label: string) => uniqueName(label).replace(/_/g, '');

export function solid(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 230, g: 120, b: 30 } } });
}

/** The files the gateway stored under a company's equipment folder. */
export function storedEquipmentFiles(sys: System, customerId: string): string[] {
  try {
    return readdirSync(path.join(sys.uploads, 'equipment', customerId)).sort();
  } catch {
    return [];
  }
}

/**
 * Polls until `check` gives a value (an event consumer catching up), or fails after `ms`
 * with the last error `check` threw: the testing library's waitFor, with the API tests' pace.
 */
export function eventually<T>(check: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  return waitFor(check, ms, 100);
}
