import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CATALOGUE_MESSAGES,
  CatalogueEquipmentCreate,
  CatalogueEquipmentUpdate,
  equipmentIdField,
  equipmentSchema,
  type Actor,
} from '@planted/contracts';
import { OutcomeUnknownError } from '@planted/messaging';
import { sendError } from '../errors/http-exception.filter';
import { idempotencyKeyOf } from '../idempotency/idempotency-key';
import { authenticate, idempotently, type RouteServices } from '../routes/register-routes';
import { handWritten, routerPath, type HandWrittenRoute } from '../routes/route-kit';
import { parseInput } from '../validation/parse';
import { formFingerprint, readEquipmentForm, type EquipmentForm } from './equipment-form';
import { IMAGE_FIELD, type EquipmentImage, type EquipmentImages } from './equipment-images';

/** The client's fields of each form: the subject's payload less the actor and the image paths the gateway adds. */
const CREATE_FIELDS = CatalogueEquipmentCreate.request.omit({ actor: true, image: true });
const UPDATE_FIELDS = CatalogueEquipmentUpdate.request.omit({ actor: true, image: true, id: true });
const UPDATE_INPUT = CatalogueEquipmentUpdate.request.omit({ actor: true, image: true });

const answerSchema = z.object({ equipment: equipmentSchema, message: z.string() });

/** The multipart form as OpenAPI describes it: the text fields, and the image file. */
function multipartForm(fields: z.ZodObject): { mediaType: string; schema: Record<string, unknown> } {
  const schema = z.toJSONSchema(fields, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete schema.$schema;
  // A form field is text: a flag comes as 'true' or 'false'.
  const properties = Object.fromEntries(
    Object.entries(schema.properties as Record<string, { type?: string }>).map(([name, property]) => [
      name,
      property.type === 'boolean' ? { type: 'string', enum: ['true', 'false'] } : property,
    ]),
  );
  return {
    mediaType: 'multipart/form-data',
    schema: {
      ...schema,
      properties: {
        ...properties,
        [IMAGE_FIELD]: {
          type: 'string',
          contentMediaType: 'application/octet-stream',
          description:
            'JPEG, PNG, GIF or WebP, at most 5 MB (5242880 bytes); stored re-encoded, with a card-sized copy',
        },
      },
    },
  };
}

const WHY =
  'a multipart upload: the gateway re-encodes and stores the image and a card-sized copy before the catalogue records their paths';

const ERRORS = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAVAILABLE',
] as const;

export const EQUIPMENT_CREATE_ROUTE = handWritten({
  method: 'POST',
  path: '/api/equipment',
  operationId: 'createEquipment',
  summary: 'Adds an item to the shared catalogue (admins), with an optional image',
  description:
    'multipart/form-data with the fields and an optional file field `image`; or the same fields as JSON, without an image.',
  tag: 'equipment',
  access: 'admin',
  forbidden: CATALOGUE_MESSAGES.ONLY_ADMINS_ADD_EQUIPMENT,
  idempotent: true,
  why: WHY,
  body: multipartForm(CREATE_FIELDS),
  jsonBody: CREATE_FIELDS,
  answers: { 201: { description: 'The item added', schema: answerSchema } },
  errors: ERRORS,
});

export const EQUIPMENT_UPDATE_ROUTE = handWritten({
  method: 'PUT',
  path: '/api/equipment/{id}',
  operationId: 'updateEquipment',
  summary: 'Changes an item (admins of the owning company), its image replaced when one is sent',
  description:
    'multipart/form-data or JSON. The fields replace the item’s: an optional field left out (description, unit_of_measure, power) is cleared, so send every field, as GET answers them. Without `image` the current image stays; `remove_image` true clears it. The replaced files are deleted.',
  tag: 'equipment',
  access: 'admin',
  forbidden: CATALOGUE_MESSAGES.ONLY_OWNER_EDITS_EQUIPMENT,
  why: WHY,
  params: { id: equipmentIdField },
  body: multipartForm(UPDATE_FIELDS),
  jsonBody: UPDATE_FIELDS,
  answers: { 200: { description: 'The item as it is now', schema: answerSchema } },
  errors: [...ERRORS, 'NOT_FOUND'],
});

export interface UploadServices extends RouteServices {
  readonly images: EquipmentImages;
}

/**
 * Stores the image, then has the catalogue record it: the files go again when the catalogue
 * refuses, but not when its answer is unknown (it may have recorded them).
 */
async function withImage<T>(
  services: UploadServices,
  actor: Actor,
  upload: Buffer | undefined,
  record: (image: EquipmentImage | undefined) => Promise<T>,
): Promise<T> {
  const image = upload && (await services.images.store(actor.customerId, upload));
  try {
    return await record(image);
  } catch (err) {
    if (image && !(err instanceof OutcomeUnknownError))
      await services.images.discard([image.url, image.card_url]);
    throw err;
  }
}

/** A form read and validated, and the work it asks for (run once per Idempotency-Key). */
interface Prepared {
  form: EquipmentForm;
  run: () => Promise<unknown>;
}

type Prepare = (request: FastifyRequest, actor: Actor, services: UploadServices) => Promise<Prepared>;

/** Text fields are validated before anything is stored: bad input leaves no file behind. */
const create: Prepare = async (request, actor, services) => {
  const form = await readEquipmentForm(request);
  const fields = parseInput(CREATE_FIELDS, form.fields);
  const run = () =>
    withImage(services, actor, form.image, async (image) => {
      const { equipment, message } = await services.bus.send(CatalogueEquipmentCreate, {
        ...fields,
        actor,
        image: image ?? null,
      });
      // A retry the catalogue had already done answers the first item, with the first image.
      if (image && equipment.image_url !== image.url)
        await services.images.discard([image.url, image.card_url]);
      return { equipment, message };
    });
  return { form, run };
};

const update: Prepare = async (request, actor, services) => {
  const form = await readEquipmentForm(request);
  const body = form.fields;
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
  const input = parseInput(
    UPDATE_INPUT,
    isObject ? { ...body, id: (request.params as { id: string }).id } : body,
    ['id'],
  );
  const run = () =>
    withImage(services, actor, form.image, async (image) => {
      const { equipment, message, replaced_images } = await services.bus.send(CatalogueEquipmentUpdate, {
        ...input,
        actor,
        ...(image && { image }),
      });
      await services.images.retire(replaced_images);
      return { equipment, message };
    });
  return { form, run };
};

function serve(
  fastify: FastifyInstance,
  declaration: HandWrittenRoute,
  prepare: Prepare,
  services: UploadServices,
): void {
  fastify.route({
    method: declaration.method,
    url: routerPath(declaration.path),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const requestId = String(request.id);
      try {
        const actor = (await authenticate(declaration, request, services.verifier))!;
        const key = declaration.idempotent ? idempotencyKeyOf(request.headers) : undefined;
        const { form, run } = await prepare(request, actor, services);
        if (key !== undefined) {
          return await idempotently(reply, services, requestId, {
            key,
            actor,
            operationId: declaration.operationId,
            fingerprint: services.idempotency.fingerprint(request.method, request.url, formFingerprint(form)),
            status: declaration.status,
            run,
          });
        }
        return reply.status(declaration.status).send(await run());
      } catch (err) {
        return sendError(reply, err, requestId, services.logger);
      }
    },
  });
}

/** Serves POST /api/equipment and PUT /api/equipment/{id} (multipart, or JSON without an image). */
export function registerEquipmentUploads(fastify: FastifyInstance, services: UploadServices): void {
  serve(fastify, EQUIPMENT_CREATE_ROUTE, create, services);
  serve(fastify, EQUIPMENT_UPDATE_ROUTE, update, services);
}

export const EQUIPMENT_UPLOAD_ROUTES = [EQUIPMENT_CREATE_ROUTE, EQUIPMENT_UPDATE_ROUTE];
