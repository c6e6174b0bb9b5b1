import { invalidRequest, parameterMissing } from './errors';
import type { FormParams, FormValue } from './form';
import type { Metadata } from './model';

const METADATA_KEYS_MAX = 50;
const METADATA_KEY_LENGTH_MAX = 40;
const METADATA_VALUE_LENGTH_MAX = 500;

/**
 * Typed reads of a request's parameters with Stripe's validation errors, each naming the
 * parameter in Stripe's bracket form (`line_items[0][price]`).
 */
export class Params {
  constructor(
    private readonly values: FormParams,
    private readonly prefix = '',
  ) {}

  name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.values[key] !== undefined;
  }

  /**
   * Refuses parameters the call does not take, as Stripe does. `ignored` are real Stripe
   * parameters that change nothing here (payment method types, locale, ...), accepted so
   * code written for Stripe runs unchanged.
   */
  only(supported: readonly string[], ignored: readonly string[] = []): void {
    for (const key of Object.keys(this.values)) {
      if (key === 'expand' || supported.includes(key) || ignored.includes(key)) continue;
      throw invalidRequest(
        `Received unknown parameter: ${this.name(key)}. The local Stripe accepts here: ${[...supported, 'expand'].join(', ')}.`,
        this.name(key),
        'parameter_unknown',
      );
    }
  }

  string(key: string): string | undefined {
    const value = this.values[key];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${this.name(key)}`, this.name(key));
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined) throw parameterMissing(this.name(key));
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) {
      throw invalidRequest(`Invalid ${this.name(key)}: must be one of ${allowed.join(', ')}`, this.name(key));
    }
    return value as T;
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') {
      throw invalidRequest(`Invalid boolean: ${value}`, this.name(key), 'parameter_invalid_boolean');
    }
    return value === 'true';
  }

  integer(key: string): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
      throw invalidRequest(`Invalid integer: ${value}`, this.name(key), 'parameter_invalid_integer');
    }
    return Number(value);
  }

  /** A list given as `key[0]=a&key[1]=b` or `key[]=a`; a single value counts as a list of one. */
  strings(key: string): string[] {
    const value = this.values[key];
    if (value === undefined || value === '') return [];
    const items = Array.isArray(value) ? value : [value];
    return items.map((item, index) => {
      if (typeof item !== 'string')
        throw invalidRequest(`Invalid string: ${this.name(key)}[${index}]`, `${this.name(key)}[${index}]`);
      return item;
    });
  }

  /** A list of maps (`line_items[0][price]=...`), each read through its own Params. */
  list(key: string): Params[] {
    const value = this.values[key];
    if (value === undefined || value === '') return [];
    if (!Array.isArray(value)) throw invalidRequest(`Invalid array: ${this.name(key)}`, this.name(key));
    return value.map((item, index) => {
      if (typeof item !== 'object' || Array.isArray(item)) {
        throw invalidRequest(`Invalid object: ${this.name(key)}[${index}]`, `${this.name(key)}[${index}]`);
      }
      return new Params(item, `${this.name(key)}[${index}]`);
    });
  }

  /** A nested map (`subscription_data[metadata][k]=v`); absent gives an empty one. */
  child(key: string): Params {
    const value: FormValue | undefined = this.values[key];
    if (value === undefined || value === '') return new Params({}, this.name(key));
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw invalidRequest(`Invalid object: ${this.name(key)}`, this.name(key));
    }
    return new Params(value, this.name(key));
  }

  /**
   * Metadata as Stripe takes it: keys set to '' are removed, and `metadata=` (an empty
   * value) removes every key. Answers the changes to apply to `current`.
   */
  metadata(key: string, current: Metadata = {}): Metadata | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (value === '') return {};
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw invalidRequest(`Invalid object: ${this.name(key)}`, this.name(key));
    }
    const next: Metadata = { ...current };
    for (const [entryKey, entryValue] of Object.entries(value)) {
      const param = `${this.name(key)}[${entryKey}]`;
      if (typeof entryValue !== 'string') throw invalidRequest(`Invalid string: ${param}`, param);
      if (entryKey.length > METADATA_KEY_LENGTH_MAX) {
        throw invalidRequest(`Metadata keys can have up to ${METADATA_KEY_LENGTH_MAX} characters.`, param);
      }
      if (entryValue.length > METADATA_VALUE_LENGTH_MAX) {
        throw invalidRequest(
          `Metadata values can have up to ${METADATA_VALUE_LENGTH_MAX} characters.`,
          param,
        );
      }
      if (entryValue === '') delete next[entryKey];
      else next[entryKey] = entryValue;
    }
    if (Object.keys(next).length > METADATA_KEYS_MAX) {
      throw invalidRequest(`Metadata can have up to ${METADATA_KEYS_MAX} keys.`, this.name(key));
    }
    return next;
  }

  expand(): string[] {
    return this.strings('expand');
  }
}
