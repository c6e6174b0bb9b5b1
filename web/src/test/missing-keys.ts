const missingKeys: string[] = [];

export function recordMissingKey(key: string): void {
  missingKeys.push(key);
}

export function takeMissingTranslationKeys(): string[] {
  return missingKeys.splice(0);
}
