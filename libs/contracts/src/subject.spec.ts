import { z } from 'zod';
import * as contracts from './index';
import type { RequestSubject } from './subject';

const requests = (Object.values(contracts) as unknown[]).filter(
  (value): value is RequestSubject =>
    typeof value === 'object' && value !== null && (value as RequestSubject).kind === 'request',
);

const hasActor = (subject: RequestSubject) =>
  subject.request instanceof z.ZodObject && 'actor' in (subject.request as z.ZodObject).shape;

describe('caller kinds (design: "Trust on the bus")', () => {
  it('declares every subject that carries an actor as a user subject, whose token must match it', () => {
    const withActor = requests.filter(hasActor);
    expect(withActor.length).toBeGreaterThan(0);
    expect(withActor.filter((s) => s.caller !== 'user').map((s) => s.name)).toEqual([]);
  });

  it('lets only the gateway call sign-in, registration, social sign-in, password reset, invitation links and card-provider webhooks', () => {
    expect(
      requests
        .filter((s) => s.caller === 'gateway')
        .map((s) => s.name)
        .sort(),
    ).toEqual([
      'billing.webhooks.stripe.v1',
      'identity.auth.login.v1',
      'identity.auth.oauth.complete-signup.v1',
      'identity.auth.oauth.sign-in.v1',
      'identity.auth.password.forgot.v1',
      'identity.auth.password.reset.v1',
      'identity.auth.register.v1',
      'identity.invitations.accept.v1',
      'identity.invitations.validate.v1',
    ]);
  });

  it('leaves only the public keys and the plan list open to anyone on the bus', () => {
    expect(
      requests
        .filter((s) => s.caller === 'public')
        .map((s) => s.name)
        .sort(),
    ).toEqual(['billing.plans.list.v1', 'identity.auth.jwks.v1']);
  });
});
