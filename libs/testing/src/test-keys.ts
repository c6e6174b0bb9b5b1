import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';

export interface KeyPairPem {
  privateKey: string;
  publicKey: string;
}

export function ed25519KeyPair(): KeyPairPem {
  const { privateKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString(),
  };
}

interface TestKeys {
  identity: KeyPairPem;
  gateway: KeyPairPem;
  /** The secret events are signed and checked with (EVENT_SIGNING_SECRET). */
  events: string;
}

let keys: TestKeys | undefined;

/**
 * The keys of this test process, as a deployment configures them: identity signs session
 * tokens with its private key and every service verifies them with the public one; the
 * gateway signs assertions, services verify them. Made once per process, so the services
 * and the gateway a test starts trust each other.
 */
export function testKeys(): TestKeys {
  keys ??= {
    identity: ed25519KeyPair(),
    gateway: ed25519KeyPair(),
    events: randomBytes(32).toString('base64'),
  };
  return keys;
}

/** The key settings of testKeys(), for a service's or the gateway's environment. */
export function testKeyEnv(): Record<string, string> {
  const { identity, gateway, events } = testKeys();
  return {
    EVENT_SIGNING_SECRET: events,
    JWT_PRIVATE_KEY: identity.privateKey,
    SESSION_PUBLIC_KEYS: identity.publicKey,
    GATEWAY_PRIVATE_KEY: gateway.privateKey,
    GATEWAY_PUBLIC_KEYS: gateway.publicKey,
  };
}
