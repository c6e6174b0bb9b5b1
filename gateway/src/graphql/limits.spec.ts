import { buildSchema, parse, validate } from 'graphql';
import { graphqlValidationRules, queryLimitsRule, withoutSuggestions } from './limits';

const schema = buildSchema(`
  type User { id: ID! name: String! manager: User }
  type HirePage { hires: [Hire!]! }
  type Hire { id: ID! }
  type Query { users: [User!]! me: User hires(page: Int, limit: Int): HirePage }
`);

const errors = (
  query: string,
  rules = [queryLimitsRule({ maxDepth: 4, maxAliases: 3, maxCost: 10, maxRows: 2000 })],
) => validate(schema, parse(query), rules).map((e) => e.message);

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

  it('counts the rows a list page asks for: its limit, 12 without one, the largest page for a variable', () => {
    expect(
      errors('{ a: hires(limit: 1000) { hires { id } } b: hires(limit: 1000) { hires { id } } }'),
    ).toEqual([]);
    expect(
      errors(
        '{ a: hires(limit: 1000) { hires { id } } b: hires(limit: 999) { hires { id } } c: hires { hires { id } } }',
      ),
    ).toEqual([expect.stringContaining('asks for 2011 list items (at most 2000')]);
    expect(
      errors(
        'query($n: Int) { a: hires(limit: $n) { hires { id } } ...F } fragment F on Query { b: hires(limit: 1000) { hires { id } } c: hires(limit: 1) { hires { id } } }',
      ),
    ).toEqual([expect.stringContaining('asks for 2001 list items')]);
  });

  it("refuses 30 aliases of the largest page with the service limits (the audit's 30 × 1000 hires)", () => {
    const aliases = Array.from({ length: 30 }, (_, i) => `h${i}: hires(limit: 1000) { hires { id } }`).join(
      ' ',
    );
    const refused = validate(schema, parse(`{ ${aliases} }`), graphqlValidationRules(false)).map(
      (e) => e.message,
    );
    expect(refused).toEqual([expect.stringContaining('asks for 30000 list items (at most 2000')]);
    const two = validate(
      schema,
      parse('{ a: hires(limit: 1000) { hires { id } } b: hires { hires { id } } }'),
      graphqlValidationRules(false),
    );
    expect(two).toEqual([]);
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
