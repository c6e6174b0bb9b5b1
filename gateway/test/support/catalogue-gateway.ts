import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { ServiceError, type Actor, type RequestSubject, type TypedClient } from '@planted/contracts';
import { createLogger } from '@planted/logging';
import type { SessionTokenVerifier } from '@planted/messaging';
import type { FileStorage } from '../../src/files/storage';
import { registerRoutes, type RouteServices } from '../../src/routes/register-routes';
import type { RouteDeclaration } from '../../src/routes/route-kit';
import { EQUIPMENT_ROUTES } from '../../src/catalogue/equipment.routes';
import { RetiredFiles } from '../../src/files/retired-files';
import { EquipmentImages } from '../../src/catalogue/equipment-images';
import { registerEquipmentUploads } from '../../src/catalogue/equipment-upload';
import { SUPPLIERS_ROUTES } from '../../src/catalogue/suppliers.routes';

/** Unit-test support: kit routes on a bare Fastify, a bus that records what it is sent. */

export const CUSTOMER = '7d3c4b0e-2f4a-4f57-9a43-5a4a4f1c0c11';

export const ACTORS: Record<string, Actor> = {
  'admin-token': { userId: 'u1', customerId: CUSTOMER, role: 'admin', email: 'a@x.test', name: 'Ann' },
  'user-token': { userId: 'u2', customerId: CUSTOMER, role: 'user', email: 'u@x.test', name: 'Uma' },
};

/** File storage in memory: the FileStorage interface, as the local disk and S3 stores implement it. */
export class MemoryStorage implements FileStorage {
  readonly files = new Map<string, Buffer>();

  async put(key: string, data: Buffer): Promise<void> {
    this.files.set(key, data);
  }

  async get(): Promise<{ stream: Readable; size: number } | undefined> {
    return undefined;
  }

  async delete(key: string): Promise<void> {
    this.files.delete(key);
  }
}

export interface Sent {
  subject: string;
  payload: Record<string, unknown>;
}

export interface TestGateway {
  app: FastifyInstance;
  sent: Sent[];
  storage: MemoryStorage;
  /** What the bus answers a subject with (default: an empty object), or throws. */
  answer: (subject: string, payload: Record<string, unknown>) => unknown;
}

/** The catalogue's routes unless others are named (the equipment uploads always). */
export async function testGateway(
  routes: readonly RouteDeclaration[] = [...EQUIPMENT_ROUTES, ...SUPPLIERS_ROUTES],
): Promise<TestGateway> {
  const app = Fastify();
  await app.register(multipart);
  const storage = new MemoryStorage();
  const gateway: TestGateway = { app, sent: [], storage, answer: () => ({}) };
  const bus: TypedClient = {
    send: async (subject: RequestSubject, payload: unknown) => {
      gateway.sent.push({ subject: subject.name, payload: payload as Record<string, unknown> });
      return gateway.answer(subject.name, payload as Record<string, unknown>) as never;
    },
  };
  // As SessionTokenVerifier answers: no token is UNAUTHENTICATED, an unknown one an error.
  const verifier = {
    verify: async (token: string | undefined) =>
      token === undefined
        ? Promise.reject(new ServiceError('UNAUTHENTICATED', 'Authentication required'))
        : (ACTORS[token] ?? Promise.reject(new Error('bad'))),
    // A token verified before: answered without a promise (the route kit's usual path).
    cached: (token: string) => ACTORS[token],
  };
  const services = {
    bus,
    verifier: verifier as unknown as SessionTokenVerifier,
    logger: createLogger('test', { level: 'silent' }),
    ...({} as Omit<RouteServices, 'bus' | 'verifier' | 'logger'>),
  };
  registerRoutes(app, routes, services);
  registerEquipmentUploads(app, {
    ...services,
    images: new EquipmentImages(storage, new RetiredFiles(storage, 0, services.logger)),
  });
  await app.ready();
  return gateway;
}

/** A multipart body as a browser's FormData sends it. */
export async function multipartBody(
  fields: Record<string, string>,
  files: { field: string; data: Buffer; filename: string; type: string }[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(file.field, new Blob([file.data], { type: file.type }), file.filename);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}
