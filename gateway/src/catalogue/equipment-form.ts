import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ServiceError } from '@planted/contracts';
import { LIMITS, VALIDATION_MESSAGES as V } from '@planted/domain';
import { IMAGE_FIELD } from './equipment-images';

export const TOO_MANY_FILES = 'Please select one image only';
export const TOO_MANY_FIELDS = 'Too many form fields';
export const MALFORMED_UPLOAD = 'Malformed upload';
export const UNEXPECTED_FILE = `Send the picture as the "${IMAGE_FIELD}" field`;

/** The limits of one equipment form: one image of at most 5 MB (spec §5, §9), a handful of short fields. */
export const EQUIPMENT_FORM_LIMITS = {
  fileSize: LIMITS.equipmentImageMaxBytes,
  files: 1,
  fields: 20,
  parts: 30,
  // The longest field, a 2000-character description, is at most 8000 bytes of UTF-8.
  fieldSize: 64 * 1024,
  fieldNameSize: 100,
} as const;

/** What an equipment form carried: its text fields as sent, and the image if one was picked. */
export interface EquipmentForm {
  /** Multipart fields as strings (a field sent twice: an array, refused by the schema), or the JSON body as it came. */
  fields: unknown;
  image?: Buffer;
}

/**
 * Reads POST /api/equipment and PUT /api/equipment/{id}: a multipart form (the screens'
 * add/edit modal, spec §7) or, without an image, a JSON body. The image is only held here:
 * it is stored after the fields were found valid.
 */
export async function readEquipmentForm(request: FastifyRequest): Promise<EquipmentForm> {
  if (!request.isMultipart()) return { fields: request.body ?? {} };
  const fields: Record<string, unknown> = {};
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: EQUIPMENT_FORM_LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname !== IMAGE_FIELD) {
          // A picture sent under another name would be lost without a word: say where it goes.
          part.file.resume();
          throw new ServiceError('VALIDATION_FAILED', UNEXPECTED_FILE, [
            { param: part.fieldname, msg: UNEXPECTED_FILE },
          ]);
        }
        const data = await part.toBuffer();
        // A file input left empty still sends its part, with no name and no bytes.
        if (data.length > 0 || part.filename) image = data;
        continue;
      }
      const previous = fields[part.fieldname];
      const value = lineBreaksAsTyped(part.value);
      fields[part.fieldname] =
        previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
    }
  } catch (err) {
    throw uploadError(err);
  }
  return { fields, image };
}

/**
 * A form field's text with its line breaks as the user typed them (LF). Browsers send every
 * line break of a multipart form as CRLF (the HTML standard's form encoding), so a
 * 2,000-character description with line breaks, which the form counts as typed, would
 * otherwise arrive longer than 2,000 and be refused (AY-1), and be stored unlike the same
 * text sent as JSON.
 */
function lineBreaksAsTyped(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value;
}

function uploadError(err: unknown): ServiceError {
  if (err instanceof ServiceError) return err;
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ServiceError('PAYLOAD_TOO_LARGE', V.EQUIPMENT_IMAGE_TOO_LARGE, [
        { param: IMAGE_FIELD, msg: V.EQUIPMENT_IMAGE_TOO_LARGE },
      ]);
    case 'FST_FILES_LIMIT':
      return new ServiceError('VALIDATION_FAILED', TOO_MANY_FILES, [
        { param: IMAGE_FIELD, msg: TOO_MANY_FILES },
      ]);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ServiceError('VALIDATION_FAILED', TOO_MANY_FIELDS);
    default:
      return new ServiceError('VALIDATION_FAILED', MALFORMED_UPLOAD);
  }
}

/** What makes two submissions of a form the same (Idempotency-Key): its fields and the image's digest. */
export function formFingerprint(form: EquipmentForm): unknown {
  return {
    fields: form.fields,
    image: form.image ? createHash('sha256').update(form.image).digest('hex') : null,
  };
}
