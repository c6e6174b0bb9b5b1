import { pipeline, Transform, type Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** Fastify's own error for a body over the limit, so the usual error handler answers it. */
class BodyTooLargeError extends Error {
  readonly statusCode = 413;
  readonly code = 'FST_ERR_CTP_BODY_TOO_LARGE';
}

const MULTIPART = /^multipart\//i;

/**
 * Fastify answers a body over its limit at once, with `Connection: close`, and never reads
 * the rest. A client still sending (anything past the socket buffers: a 3 MB JSON body on
 * loopback) has its connection torn down mid-upload and never reads the 413. So Fastify is
 * given a hard cap (its `bodyLimit`) and the JSON limit is enforced here instead: an
 * oversized body is read to its end and thrown away, and only then answered with a 413 the
 * client can read. Past the hard cap Fastify's early answer stands: reading that much is
 * not worth it. Multipart uploads keep their own limits (@fastify/multipart).
 */
export function enforceBodyLimit(fastify: FastifyInstance, limit: number): void {
  fastify.addHook('preParsing', (request, _reply, payload, done) => {
    const declared = request.headers['content-length'];
    // No body at all (a GET): nothing to count. This runs on every request, so it is kept cheap.
    if (declared === undefined && request.headers['transfer-encoding'] === undefined) {
      done(null, payload);
      return;
    }
    const length = Number(declared);
    // A declared length within the limit is enforced by the HTTP parser itself.
    if (length <= limit || MULTIPART.test(request.headers['content-type'] ?? '')) {
      done(null, payload);
      return;
    }
    let received = 0;
    const limited: Transform & { receivedEncodedLength?: number } = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        limited.receivedEncodedLength = received;
        callback(null, received > limit ? undefined : chunk);
      },
      flush(callback) {
        callback(received > limit ? new BodyTooLargeError('Request body is too large') : null);
      },
    });
    pipeline(payload as Readable, limited, () => undefined);
    done(null, limited);
  });
}
