import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { Schema, ZodFormOptions } from './use-zod-form';

/**
 * useZodForm for a screen that must stay light (/login): zod, the resolver and the schema are
 * fetched on the first validation (a submit), not with the page.
 */
export function useLazyZodForm<S extends Schema>(load: () => Promise<S>, options: ZodFormOptions<S>) {
  const [resolver] = useState(() => {
    let loaded: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
    const lazy: Resolver<z.input<S>, unknown, z.output<S>> = async (values, context, resolverOptions) => {
      loaded ??= Promise.all([load(), import('./use-zod-form')]).then(([schema, kit]) =>
        kit.schemaResolver(schema),
      );
      return (await loaded)(values, context, resolverOptions);
    };
    return lazy;
  });
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver });
}
