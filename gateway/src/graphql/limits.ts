import {
  getNamedType,
  GraphQLError,
  isInterfaceType,
  isObjectType,
  Kind,
  NoSchemaIntrospectionCustomRule,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { DROPDOWN_LIMIT, PAGE_SIZE } from '@planted/domain';

/**
 * What one GraphQL request may ask for. Every field selected costs one, so 20,000 aliases
 * of `users` cost 20,000 and are refused before anything runs: one request cannot hold
 * the services' database pools for seconds while other companies wait (issue 8).
 *
 * A page of a list costs its rows as well: 30 aliases of `hires(limit: 1000)` select few
 * fields but read 30,000 hires, as much work as 30 of the largest REST pages at once. The rows
 * of every list a request asks for (`limit`, else the lists' default of 12; a limit given as a
 * variable counts as the largest a page may be) may add up to maxRows: two of the largest pages.
 */
export interface GraphqlLimits {
  maxDepth: number;
  maxAliases: number;
  maxCost: number;
  maxRows: number;
}

/** A list page's size when no limit is asked, and the largest a page may be (the REST lists' own). */
const LIST_DEFAULT_LIMIT = PAGE_SIZE;
const LIST_MAX_LIMIT = DROPDOWN_LIMIT;

export const GRAPHQL_LIMITS: GraphqlLimits = {
  maxDepth: 8,
  maxAliases: 30,
  maxCost: 500,
  maxRows: 2 * LIST_MAX_LIMIT,
};

/** Tokens a document may have; a query within GRAPHQL_LIMITS needs far fewer. */
export const GRAPHQL_MAX_TOKENS = 5_000;

interface Measure {
  depth: number;
  aliases: number;
  cost: number;
  rows: number;
}

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  visiting: Set<string>;
  total: Measure;
}

/** The rows a field taking a `limit` argument asks for (see GraphqlLimits). */
function rowsAskedBy(field: FieldNode): number {
  const limit = field.arguments?.find((argument) => argument.name.value === 'limit')?.value;
  if (!limit || limit.kind === Kind.NULL) return LIST_DEFAULT_LIMIT;
  if (limit.kind !== Kind.INT) return LIST_MAX_LIMIT;
  // A limit out of range is refused with its own message when the list is read.
  return Math.min(Math.max(Number(limit.value), 0), LIST_MAX_LIMIT);
}

function measure(set: SelectionSetNode, type: GraphQLNamedType | undefined, walk: Walk, depth: number): void {
  const { total, fragments, visiting, schema } = walk;
  total.depth = Math.max(total.depth, depth);
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      total.cost += 1;
      if (selection.alias) total.aliases += 1;
      const field =
        isObjectType(type) || isInterfaceType(type) ? type.getFields()[selection.name.value] : undefined;
      if (field?.args.some((argument) => argument.name === 'limit')) total.rows += rowsAskedBy(selection);
      if (selection.selectionSet)
        measure(selection.selectionSet, field && getNamedType(field.type), walk, depth + 1);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const condition = selection.typeCondition && schema.getType(selection.typeCondition.name.value);
      measure(selection.selectionSet, condition || type, walk, depth);
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      // Unknown fragments and cycles are reported by graphql's own rules.
      if (!fragment || visiting.has(name)) continue;
      visiting.add(name);
      measure(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value), walk, depth);
      visiting.delete(name);
    }
  }
}

/** Refuses a document whose operations go deeper, alias more or select more than the limits. */
export function queryLimitsRule(limits: GraphqlLimits = GRAPHQL_LIMITS): ValidationRule {
  return (context: ValidationContext) => ({
    Document(node) {
      const fragments = new Map<string, FragmentDefinitionNode>();
      for (const definition of node.definitions) {
        if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
      }
      for (const definition of node.definitions) {
        if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
        const total: Measure = { depth: 0, aliases: 0, cost: 0, rows: 0 };
        const schema = context.getSchema();
        const root = schema.getRootType(definition.operation) ?? undefined;
        measure(definition.selectionSet, root, { schema, fragments, visiting: new Set(), total }, 1);
        const problems = [
          total.depth > limits.maxDepth && `nests ${total.depth} levels deep (at most ${limits.maxDepth})`,
          total.aliases > limits.maxAliases && `uses ${total.aliases} aliases (at most ${limits.maxAliases})`,
          total.cost > limits.maxCost && `selects ${total.cost} fields (at most ${limits.maxCost})`,
          total.rows > limits.maxRows &&
            `asks for ${total.rows} list items (at most ${limits.maxRows}: ask for fewer, or page through them)`,
        ].filter(Boolean);
        if (problems.length)
          context.reportError(
            new GraphQLError(`Query too large: it ${problems.join(', ')}`, { nodes: [definition] }),
          );
      }
      return false;
    },
  });
}

/** The validation rules for the gateway's GraphQL endpoint; in production, no introspection. */
export function graphqlValidationRules(production: boolean): ValidationRule[] {
  return production ? [queryLimitsRule(), NoSchemaIntrospectionCustomRule] : [queryLimitsRule()];
}

const SUGGESTION = /\s*Did you mean .*\?$/;

/** In production an error does not suggest field names, which would map the schema out. */
export function withoutSuggestions(message: string): string {
  return message.replace(SUGGESTION, '');
}
