import type { FastifyInstance } from 'fastify';
import { MIME_BY_EXT } from './image-type';
import type { FileStorage } from './storage';

/**
 * GET /files/<key>: stored uploads. Keys hold random UUIDs, so only someone given the URL
 * can fetch a picture; `<img>` tags cannot send bearer tokens, hence no auth here.
 */
export function registerFilesRoute(fastify: FastifyInstance, storage: FileStorage): void {
  fastify.get('/files/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = await storage.get(key);
    if (!file) return reply.status(404).send({ error: 'Not found' });
    const ext = key.slice(key.lastIndexOf('.') + 1) as keyof typeof MIME_BY_EXT;
    return (
      reply
        .type(MIME_BY_EXT[ext])
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        // A profile picture is the browser's to keep, not a shared cache's: one replaced or
        // removed is deleted here, and no proxy goes on serving it (audit AW-4). Equipment
        // images are the shared catalogue's.
        .header(
          'cache-control',
          `${key.startsWith('profile-pictures/') ? 'private' : 'public'}, max-age=31536000, immutable`,
        )
        .send(file.stream)
    );
  });
}
