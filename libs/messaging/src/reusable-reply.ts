import { NatsRecordSerializer } from '@nestjs/microservices/serializers';

const encoder = new TextEncoder();
const HEAD = encoder.encode('{"response":');
const reusable = new WeakSet<object>();

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

/**
 * Marks a handler's answer as one it gives again, the same object, to later requests (a
 * page kept in memory): frozen, deep, so it can no longer change, and then serialized
 * once by ReplySerializer and written as those bytes for every request it answers.
 */
export function reusableReply<T extends object>(reply: T): T {
  deepFreeze(reply);
  reusable.add(reply);
  return reply;
}

type Packet = Record<string, unknown> & { response?: unknown; data?: unknown };

/**
 * The JSON Nest's serializer writes for a packet without `data` (a reply: JSON.stringify of
 * `{...packet, data: undefined}`), built field by field: the same text, without the copy
 * of the packet and the record Nest builds around it first.
 */
function packetJson(packet: Packet): string {
  let json = '';
  for (const key of Object.keys(packet)) {
    const value = JSON.stringify(packet[key]);
    if (value !== undefined) json += `${json ? ',' : '{'}${JSON.stringify(key)}:${value}`;
  }
  return json ? `${json}}` : '{}';
}

/**
 * Nest's NATS serializer, except for answers marked with reusableReply: their JSON is
 * encoded once and kept with them (weakly: it goes when they go), and each reply is that
 * and the packet's other fields around it. The envelope is the one Nest writes
 * (`{"response":…,"isDisposed":true,"id":"…"}`, in that order), which NatsTypedClient reads.
 */
export class ReplySerializer {
  private readonly nest = new NatsRecordSerializer();
  private readonly encoded = new WeakMap<object, Uint8Array>();

  serialize(packet: Packet): { data: Uint8Array; headers?: unknown } {
    const response = packet?.response;
    if (
      typeof packet !== 'object' ||
      packet === null ||
      packet.data !== undefined ||
      packet.headers !== undefined
    )
      return this.nest.serialize(packet) as { data: Uint8Array; headers?: unknown };
    if (typeof response !== 'object' || response === null || !reusable.has(response)) {
      let json: string;
      try {
        json = packetJson(packet);
      } catch {
        // Not serializable (a BigInt, a cycle): Nest's serializer fails with its own error.
        return this.nest.serialize(packet) as { data: Uint8Array; headers?: unknown };
      }
      return { data: encoder.encode(json) };
    }
    let body = this.encoded.get(response);
    if (!body) {
      body = encoder.encode(JSON.stringify(response));
      this.encoded.set(response, body);
    }
    let rest = '';
    for (const key of Object.keys(packet)) {
      if (key !== 'response' && packet[key] !== undefined)
        rest += `,${JSON.stringify(key)}:${JSON.stringify(packet[key])}`;
    }
    const tail = encoder.encode(`${rest}}`);
    const data = new Uint8Array(HEAD.length + body.length + tail.length);
    data.set(HEAD, 0);
    data.set(body, HEAD.length);
    data.set(tail, HEAD.length + body.length);
    return { data };
  }
}
