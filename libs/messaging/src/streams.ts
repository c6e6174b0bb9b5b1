import {
  DiscardPolicy,
  nanos,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type NatsConnection,
  type NatsError,
  type StreamInfo,
} from 'nats';

/** JetStream's code for "stream not found" (the HTTP-like code is 404, shared with other lookups). */
export const STREAM_NOT_FOUND = 10059;
/** JetStream's code for "stream name already in use" (another replica created it first). */
const STREAM_NAME_IN_USE = 10058;

const DEFAULT_DUPLICATE_WINDOW_MS = 2 * 60_000;

/**
 * A stream name that includes the subject prefix, so every environment and test run
 * sharing one NATS server has its own streams. NATS stream (and consumer) names may not
 * contain '.', '*', '>', path separators or whitespace; those become '_'.
 */
export function streamName(prefix: string, base: string): string {
  return natsName(prefix ? `${prefix}_${base}` : base);
}

/** Makes any string usable as a JetStream stream or durable consumer name. */
export function natsName(raw: string): string {
  const name = raw.replace(/[^A-Za-z0-9_-]/g, '_');
  if (!name) throw new Error('A JetStream name cannot be empty');
  return name;
}

export interface StreamSpec {
  /** Use streamName(prefix, base). */
  name: string;
  /** Full subjects, prefix included, e.g. [prefixed(prefix, 'hires.>')]. */
  subjects: string[];
  /** How long JetStream remembers a Nats-Msg-Id to drop a duplicate publish. Default 2 minutes. */
  duplicateWindowMs?: number;
  /** Drop events older than this; 0 (default) keeps them, so a consumer that was down for long still catches up. */
  maxAgeMs?: number;
  replicas?: number;
  description?: string;
}

/**
 * Creates the stream, or updates it to this spec when it exists (its subjects, window
 * and limits; the storage type of an existing stream cannot change). Safe to call from
 * every replica at boot: two replicas creating it at once both succeed.
 */
export async function ensureStream(
  nc: NatsConnection,
  spec: StreamSpec,
  /** The stream as the caller already read it (null: there is none); looked up when not given. */
  known?: StreamInfo | null,
): Promise<StreamInfo> {
  const config = streamConfigOf(spec);
  const jsm = await nc.jetstreamManager();
  const existing = known === undefined ? await infoOf(jsm, spec.name) : known;
  if (!existing) {
    try {
      return await jsm.streams.add({
        name: spec.name,
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        ...config,
      });
    } catch (err) {
      if (apiErrorCode(err) !== STREAM_NAME_IN_USE) throw err;
    }
  }
  return jsm.streams.update(spec.name, config);
}

/** What ensureStream sets of a stream (all but its name, storage and retention). */
function streamConfigOf(spec: StreamSpec) {
  if (natsName(spec.name) !== spec.name)
    throw new Error(`Invalid stream name "${spec.name}": use streamName(prefix, base)`);
  if (spec.subjects.length === 0) throw new Error(`Stream ${spec.name} needs at least one subject`);
  return {
    subjects: spec.subjects,
    duplicate_window: nanos(spec.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS),
    max_age: nanos(spec.maxAgeMs ?? 0),
    num_replicas: spec.replicas ?? 1,
    discard: DiscardPolicy.Old,
    // Direct gets (any replica answers; the subject may go in the API subject, where the bus's
    // permissions can hold a reader to one subject: SessionRevocations' last ended session).
    allow_direct: true,
    ...(spec.description ? { description: spec.description } : {}),
  };
}

/** The stream's info, or undefined when there is no such stream. */
export async function streamInfo(nc: NatsConnection, name: string): Promise<StreamInfo | undefined> {
  return infoOf(await nc.jetstreamManager(), name);
}

function infoOf(jsm: JetStreamManager, name: string): Promise<StreamInfo | undefined> {
  return jsm.streams.info(name).catch((err: unknown) => {
    if (apiErrorCode(err) === STREAM_NOT_FOUND) return undefined;
    throw err;
  });
}

/** Whether an existing stream is as ensureStream would leave it for this spec. */
export function streamMatches(info: StreamInfo, spec: StreamSpec): boolean {
  const want = streamConfigOf(spec);
  const have = info.config;
  const sorted = (subjects: readonly string[] | undefined) => [...(subjects ?? [])].sort().join('\n');
  return (
    sorted(have.subjects) === sorted(want.subjects) &&
    have.duplicate_window === want.duplicate_window &&
    have.max_age === want.max_age &&
    have.num_replicas === want.num_replicas &&
    have.discard === want.discard &&
    have.allow_direct === want.allow_direct &&
    (have.description ?? '') === (spec.description ?? '')
  );
}

/** The JetStream API error code of a failed JetStream request, if it is one. */
export function apiErrorCode(err: unknown): number | undefined {
  return (err as Partial<NatsError> | undefined)?.api_error?.err_code;
}
