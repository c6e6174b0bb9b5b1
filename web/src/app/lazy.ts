import { lazy, type ComponentType } from 'react';

/** React.lazy for a named export, so screens keep named exports. */
export function lazyNamed<M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
