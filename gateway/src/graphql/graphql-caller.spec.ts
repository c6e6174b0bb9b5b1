import { ServiceError } from '@planted/contracts';
import { OutcomeUnknownError } from '@planted/messaging';
import { GRAPHQL_BODY_MESSAGE, graphqlBodyProblem, graphqlStatus, toGraphQLError } from './graphql-caller';

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

describe('graphqlStatus', () => {
  const unauthenticated = { extensions: { code: 'UNAUTHENTICATED' } };
  it('is 401 when nothing was answered for want of a session, as REST answers', () => {
    expect(graphqlStatus(200, { data: null, errors: [unauthenticated] })).toBe(401);
    expect(
      graphqlStatus(200, { data: { me: null, users: null }, errors: [unauthenticated, unauthenticated] }),
    ).toBe(401);
  });
  it('leaves partial answers, other errors and the server’s own 400s as they are', () => {
    expect(graphqlStatus(200, { data: { me: { id: 'x' }, users: null }, errors: [unauthenticated] })).toBe(
      200,
    );
    expect(
      graphqlStatus(200, { data: null, errors: [unauthenticated, { extensions: { code: 'NOT_FOUND' } }] }),
    ).toBe(200);
    expect(graphqlStatus(400, { errors: [{}] })).toBe(400);
    expect(graphqlStatus(200, { data: { users: [] } })).toBe(200);
  });
  it('is 400 when nothing ran and no resolver answered (a document graphql-js refused)', () => {
    expect(graphqlStatus(200, { data: null, errors: [{}] })).toBe(400);
    expect(graphqlStatus(200, { errors: [{}, {}] })).toBe(400);
    // A resolver's error (it carries its code) keeps the server's status.
    expect(graphqlStatus(200, { data: null, errors: [{ extensions: { code: 'NOT_FOUND' } }] })).toBe(200);
  });
});

describe('graphqlBodyProblem', () => {
  it('passes a GraphQL request and refuses anything else', () => {
    for (const body of [
      { query: '{ me { user { id } } }' },
      { query: 'query Q { users { id } }', operationName: 'Q', variables: { a: 1 } },
      { query: '{ users { id } }', operationName: null, variables: null },
    ])
      expect(graphqlBodyProblem(body)).toBeUndefined();
    for (const body of [
      5,
      'query',
      null,
      [{ query: '{ users { id } }' }],
      { query: 5 },
      { query: true },
      { query: '   ' },
      { query: ['{ users { id } }'] },
      { query: '{ users { id } }', operationName: 5 },
      { query: '{ users { id } }', variables: [1] },
      { query: '{ users { id } }', variables: 'a=1' },
    ])
      expect(graphqlBodyProblem(body)).toBe(GRAPHQL_BODY_MESSAGE);
  });
});
