import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, GraphQLObjectType } from 'graphql';
import { hireSchema, siteSchema } from '@planted/contracts';

// GraphQL answers a hire and a site with the same field names as REST (the contracts'
// schemas). The committed schema.graphql is checked against the code by the http-contract
// test; this one checks it against the contracts, so a field REST gains is not missing here.
const schema = buildSchema(readFileSync(path.join(__dirname, '../../schema.graphql'), 'utf8'));
const fieldsOf = (type: string) =>
  Object.keys((schema.getType(type) as GraphQLObjectType).getFields()).sort();

describe('the GraphQL hire and site models', () => {
  it('has every field of a REST hire, the purchase order failure fields included', () => {
    expect(fieldsOf('Hire')).toEqual(Object.keys(hireSchema.shape).sort());
    expect(fieldsOf('Hire')).toEqual(
      expect.arrayContaining(['purchase_order_error', 'purchase_order_failed_at']),
    );
  });

  it('has every field of a REST site', () => {
    expect(fieldsOf('Site')).toEqual(Object.keys(siteSchema.shape).sort());
  });
});
