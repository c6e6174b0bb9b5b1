import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormProps,
} from 'react-hook-form';
import type { z } from 'zod';
import { validationKey } from '../../../lib/validation-text';

export type Schema = z.ZodType<FieldValues, FieldValues>;

export type ZodFormOptions<S extends Schema> = Omit<
  UseFormProps<z.input<S>, unknown, z.output<S>>,
  'resolver' | 'defaultValues'
> & { defaultValues: DefaultValues<z.input<S>> };

type ErrorTree = { type?: unknown; message?: unknown; [field: string]: unknown };

/**
 * Each message of a react-hook-form errors tree replaced by its i18next key, at every depth: a
 * field of a nested object (the supplier's contact.email) or of an array has its error one level
 * down, under its parent's name. An error has a string `type`; its `ref` and `types` are not fields.
 */
function translateErrors(tree: ErrorTree): void {
  if (typeof tree.type === 'string') {
    const key = typeof tree.message === 'string' && tree.message ? validationKey(tree.message) : null;
    // A text no table holds is shown as worded, like a server message.
    if (key) tree.message = key;
    else tree.type = 'server';
  }
  for (const [name, child] of Object.entries(tree)) {
    if (name !== 'ref' && name !== 'types' && typeof child === 'object' && child !== null)
      translateErrors(child as ErrorTree);
  }
}

/**
 * zod's resolver, with each message replaced by its i18next key (see validation-text), so the
 * fields show it in the user's language.
 */
export function schemaResolver<S extends Schema>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    translateErrors(result.errors as ErrorTree);
    return result;
  };
}

/**
 * A react-hook-form form validated by a zod schema (a contract's, or one extended from it), so
 * each rule and message is written once. Submit handlers receive the schema's parsed output
 * (trimmed, lower-cased, defaulted), which is what the server parses too.
 */
export function useZodForm<S extends Schema>(schema: S, options: ZodFormOptions<S>) {
  const [resolver] = useState(() => schemaResolver(schema));
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver });
}
