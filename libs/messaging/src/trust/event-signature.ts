import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { headers as natsHeaders, type JetStreamClient, type MsgHdrs, type PubAck } from 'nats';
import type { EventEnvelope } from '@planted/contracts';
import { BusKeyError } from './bus-proof';

const encoder = new TextEncoder();

/** JetStream header carrying an event's signature: `v1=<base64url HMAC-SHA256 of the message bytes>`. */
export const EVENT_SIGNATURE_HEADER = 'planted-event-signature';

const VERSION = 'v1=';
/** A secret shorter than this (characters) is refused: 32 random bytes in base64 are 44. */
const MIN_SECRET_LENGTH = 32;

/**
 * Signs the events an outbox publishes and checks the events a consumer reads, with the
 * secret every service of a deployment shares (EVENT_SIGNING_SECRET): a process that can
 * reach NATS but holds no secret cannot make an event any service applies (a plan
 * upgraded for free, a user renamed, a purchase order written onto a hire). Requests are
 * protected by the session token or the gateway's assertion; events by this.
 *
 * The secret is shared, so it tells a deployment's services from everyone else, not one
 * service from another: where NATS runs with credentials (compose, Kubernetes), each
 * service may publish only to its own stream as well (bus-permissions.ts).
 *
 * Several secrets, comma-separated, rotate without downtime: the first signs, each of
 * them verifies. Add the new one second everywhere, then make it first, then drop the old.
 */
export class EventSigner {
  private readonly secrets: readonly Buffer[];

  constructor(secrets: readonly string[]) {
    if (secrets.length === 0) throw new BusKeyError('EVENT_SIGNING_SECRET holds no secret');
    for (const secret of secrets)
      if (secret.length < MIN_SECRET_LENGTH)
        throw new BusKeyError(
          `EVENT_SIGNING_SECRET must be at least ${MIN_SECRET_LENGTH} characters (e.g. openssl rand -base64 32)`,
        );
    this.secrets = secrets.map((secret) => Buffer.from(secret, 'utf8'));
  }

  /** From a setting's text: one secret, or several separated by commas. */
  static fromSetting(value: string): EventSigner {
    return new EventSigner(
      value
        .split(',')
        .map((secret) => secret.trim())
        .filter(Boolean),
    );
  }

  /** The header value for a message's bytes. */
  sign(data: Uint8Array): string {
    return VERSION + this.mac(this.secrets[0]!, data).toString('base64url');
  }

  /** Whether the header value is a signature of these bytes by one of the secrets. */
  verify(data: Uint8Array, header: string | undefined): boolean {
    if (!header?.startsWith(VERSION)) return false;
    const given = Buffer.from(header.slice(VERSION.length), 'base64url');
    return this.secrets.some((secret) => {
      const expected = this.mac(secret, data);
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  }

  private mac(secret: Buffer, data: Uint8Array): Buffer {
    return createHmac('sha256', secret).update(data).digest();
  }
}

/**
 * The event signer of a configuration: EVENT_SIGNING_SECRET, or the file named by
 * EVENT_SIGNING_SECRET_FILE. Undefined when neither is set; BusKeyError when unusable.
 */
export async function loadEventSigner(settings: Record<string, unknown>): Promise<EventSigner | undefined> {
  const inline = settings.EVENT_SIGNING_SECRET;
  if (typeof inline === 'string' && inline) return EventSigner.fromSetting(inline);
  const file = settings.EVENT_SIGNING_SECRET_FILE;
  if (typeof file !== 'string' || !file) return undefined;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new BusKeyError(`Cannot read EVENT_SIGNING_SECRET_FILE ${file}: ${(err as Error).message}`);
  }
  return EventSigner.fromSetting(text.trim());
}

/** The event signer a process cannot run without: BusKeyError, saying what to set, when none is configured. */
export async function requireEventSigner(settings: Record<string, unknown>): Promise<EventSigner> {
  const signer = await loadEventSigner(settings);
  if (!signer)
    throw new BusKeyError(
      'EVENT_SIGNING_SECRET or EVENT_SIGNING_SECRET_FILE is required: the bus applies no event it cannot verify (npm start keeps one in .data/keys/event-signing.secret)',
    );
  return signer;
}

/**
 * Publishes an event to JetStream as the outbox relay does: the envelope's JSON, signed
 * (EVENT_SIGNATURE_HEADER), with the message id JetStream deduplicates by (default: the
 * event's id). Tests that stand in for another service publish through it too.
 */
export function publishSignedEvent(
  js: JetStreamClient,
  subject: string,
  envelope: EventEnvelope,
  options: { signer: EventSigner; msgID?: string; headers?: MsgHdrs; timeout?: number },
): Promise<PubAck> {
  const data = encoder.encode(JSON.stringify(envelope));
  const headers = options.headers ?? natsHeaders();
  headers.set(EVENT_SIGNATURE_HEADER, options.signer.sign(data));
  return js.publish(subject, data, {
    msgID: options.msgID ?? envelope.id,
    headers,
    ...(options.timeout !== undefined && { timeout: options.timeout }),
  });
}
