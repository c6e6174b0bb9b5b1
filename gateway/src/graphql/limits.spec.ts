import { buildSchema, parse, validate } from 'graphql';
import { graphqlValidationRules, queryLimitsRule, withoutSuggestions } from './limits';

const schema = buildSchema(`
  type User { id: ID! name: String! manager: User }
  type Query { users: [User!]! me: User }
`);

const errors = (query: string, rules = [queryLimitsRule({ maxDepth: 4, maxAliases: 3, maxCost: 10 })]) =>
  validate(schema, parse(query), rules).map((e) => e.message);

describe('GraphQL request limits (issue 8, item 6)', () => {
  it('accepts a query within every limit', () => {
    expect(errors('{ users { id name } me { id } }')).toEqual([]);
  });

  it('refuses too many aliases, counting each aliased field', () => {
    const aliases = Array.from({ length: 4 }, (_, i) => `u${i}: users { id }`).join(' ');
    expect(errors(`{ ${aliases} }`)).toEqual([expect.stringContaining('uses 4 aliases (at most 3)')]);
  });

  it('refuses a query nested too deep, through fragments too', () => {
    expect(errors('{ me { manager { manager { manager { id } } } } }')).toEqual([
      expect.stringContaining('nests 5 levels deep (at most 4)'),
    ]);
    expect(
      errors('query { me { ...M } } fragment M on User { manager { manager { manager { id } } } }'),
    ).toEqual([expect.stringContaining('nests 5 levels deep')]);
  });

  it('refuses a query selecting more fields than its cost allows, fragments spread many times included', () => {
    expect(errors('{ users { ...F } me { ...F manager { ...F } } } fragment F on User { id name }')).toEqual(
      [],
    );
    expect(
      errors(
        '{ users { ...F ...F } me { ...F manager { ...F ...F } } } fragment F on User { id name manager { id } }',
      ),
    ).toEqual([expect.stringContaining('fields (at most 10)')]);
  });

  it('refuses introspection only in production', () => {
    const introspection = parse('{ __schema { types { name } } }');
    expect(validate(schema, introspection, graphqlValidationRules(false))).toEqual([]);
    const refused = validate(schema, introspection, graphqlValidationRules(true)).map((e) => e.message);
    expect(refused.length).toBeGreaterThan(0);
    for (const message of refused) expect(message).toContain('introspection has been disabled');
  });

  it('drops field suggestions from messages', () => {
    expect(withoutSuggestions('Cannot query field "usr" on type "Query". Did you mean "users"?')).toBe(
      'Cannot query field "usr" on type "Query".',
    );
  });
});
