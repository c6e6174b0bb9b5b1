import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VALIDATION_MESSAGES } from '@planted/domain';
import { NAMESPACES } from '../lib/i18n';

const root = __dirname;
const languages = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function load(language: string, namespace: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(root, language, `${namespace}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
}

function keysOf(value: unknown, prefix = ''): string[] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
      keysOf(child, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [prefix];
}

function namespacesOf(language: string): string[] {
  return readdirSync(join(root, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();
}

describe('translations (spec §1: English and Spanish complete)', () => {
  it('ships exactly English and Spanish', () => {
    expect(languages).toEqual(['en', 'es']);
  });

  it('has the same namespace files in every language, and every namespace the app loads', () => {
    for (const language of languages) {
      expect(namespacesOf(language)).toEqual([...NAMESPACES].sort());
    }
  });

  it.each([...NAMESPACES])('namespace %s has the same keys in every language', (namespace) => {
    const [first, ...others] = languages;
    const expected = keysOf(load(first, namespace)).sort();
    for (const language of others) {
      const actual = keysOf(load(language, namespace)).sort();
      expect({ language, missing: expected.filter((key) => !actual.includes(key)) }).toEqual({
        language,
        missing: [],
      });
      expect({ language, extra: actual.filter((key) => !expected.includes(key)) }).toEqual({
        language,
        extra: [],
      });
    }
  });

  it('has no empty texts', () => {
    for (const language of languages) {
      for (const namespace of NAMESPACES) {
        const data = load(language, namespace);
        for (const key of keysOf(data)) {
          const value = key
            .split('.')
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], data);
          expect({
            language,
            namespace,
            key,
            empty: typeof value !== 'string' || value.trim() === '',
          }).toEqual({
            language,
            namespace,
            key,
            empty: false,
          });
        }
      }
    }
  });

  it.each(['common', 'forms'])(
    'uses the spec §5 message texts word for word in English (%s)',
    (namespace) => {
      const validation = load('en', namespace).validation as Record<string, string>;
      for (const [key, text] of Object.entries(validation)) {
        expect({ key, text }).toEqual({
          key,
          text: VALIDATION_MESSAGES[key as keyof typeof VALIDATION_MESSAGES],
        });
      }
    },
  );
});
