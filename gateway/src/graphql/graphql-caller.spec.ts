import { ServiceError } from '@planted/contracts';
import { OutcomeUnknownError } from '@planted/messaging';
import { toGraphQLError } from './graphql-caller';

describe('toGraphQLError', () => {
  it('says a service that is down or gave no answer is unavailable, as REST does', () => {
    for (const err of [
      new ServiceError('UNAVAILABLE', 'No responders for hires.hires.list.v1'),
      new OutcomeUnknownError('hires.hires.list.v1'),
    ]) {
      const answer = toGraphQLError(err);
      expect(answer.message).toBe('Service temporarily unavailable. Please try again shortly.');
      expect(answer.extensions).toMatchObject({ code: 'UNAVAILABLE', status: 503 });
    }
  });

  it('hides any other failure of the server, and passes on what the client can act on', () => {
    expect(toGraphQLError(new ServiceError('INTERNAL', 'db-password-hunter2')).message).toBe(
      'Internal server error',
    );
    expect(toGraphQLError(new Error('boom')).message).toBe('Internal server error');
    expect(toGraphQLError(new ServiceError('NOT_FOUND', 'Hire not found')).message).toBe('Hire not found');
  });
});
