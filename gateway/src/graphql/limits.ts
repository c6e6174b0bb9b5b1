import {
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/**
 * What one GraphQL request may ask for. Every field selected costs one, so 20,000 aliases
 * of `users` cost 20,000 and are refused before anything runs: one request cannot hold
 * the services' database pools for seconds while other companies wait (issue 8).
 */
export interface GraphqlLimits {
  maxDepth: number;
  maxAliases: number;
  maxCost: number;
}

export const GRAPHQL_LIMITS: GraphqlLimits = { maxDepth: 8, maxAliases: 30, maxCost: 500 };

/** Tokens a document may have; a query within GRAPHQL_LIMITS needs far fewer. */
export const GRAPHQL_MAX_TOKENS = 5_000;

interface Measure {
  depth: number;
  aliases: number;
  cost: number;
}

function measure(
  set: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  visiting: Set<string>,
  total: Measure,
  depth: number,
): void {
  total.depth = Math.max(total.depth, depth);
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      total.cost += 1;
      if (selection.alias) total.aliases += 1;
      if (selection.selectionSet) measure(selection.selectionSet, fragments, visiting, total, depth + 1);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      measure(selection.selectionSet, fragments, visiting, total, depth);
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      // Unknown fragments and cycles are reported by graphql's own rules.
      if (!fragment || visiting.has(name)) continue;
      visiting.add(name);
      measure(fragment.selectionSet, fragments, visiting, total, depth);
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
        const total: Measure = { depth: 0, aliases: 0, cost: 0 };
        measure(definition.selectionSet, fragments, new Set(), total, 1);
        const problems = [
          total.depth > limits.maxDepth && `nests ${total.depth} levels deep (at most ${limits.maxDepth})`,
          total.aliases > limits.maxAliases && `uses ${total.aliases} aliases (at most ${limits.maxAliases})`,
          total.cost > limits.maxCost && `selects ${total.cost} fields (at most ${limits.maxCost})`,
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
