import { MessagePattern, Payload } from '@nestjs/microservices';
import type { CallerKind, ParsedRequestOf, ReplyOf, RequestSubject } from '@planted/contracts';
import { SubjectPipe } from '@planted/messaging';

/** Metadata key of a @Handles method: its subject and the pipe that parses its payload. */
export const HANDLES_METADATA = 'planted:handles';

/** What @Handles recorded on a method. */
export interface HandlesMetadata {
  subject: RequestSubject;
  pipe: SubjectPipe<RequestSubject>;
}

/** Every subject a handler was declared for in this process, by name. */
const declaredSubjects = new Map<string, RequestSubject>();

/** What the contract of a served subject says may call it (undefined: no @Handles for it). */
export function callerOf(subject: string): CallerKind | undefined {
  return declaredSubjects.get(subject)?.caller;
}

/** Whether the contract of a served subject keeps it from viewers (defineRequest's `access`). */
export function membersOnly(subject: string): boolean {
  return declaredSubjects.get(subject)?.access === 'member';
}

/** A handler method of `subject`: it takes the parsed payload and answers the subject's reply. */
type HandlerOf<S extends RequestSubject> = (input: ParsedRequestOf<S>) => ReplyOf<S> | Promise<ReplyOf<S>>;

/**
 * Marks a method as the handler of one request subject, named once:
 *
 *   @Handles(IdentityLogin)
 *   login(input: ParsedRequestOf<typeof IdentityLogin>) { ... }
 *
 * The payload is parsed with the subject's schema before the method runs (an invalid one
 * answers VALIDATION_FAILED with field details), and the compiler checks the method's
 * parameter and return type against the contract.
 */
export function Handles<S extends RequestSubject>(subject: S) {
  return <M extends HandlerOf<S>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    declaredSubjects.set(subject.name, subject);
    const pipe = new SubjectPipe(subject);
    MessagePattern(subject.name)(target, key, descriptor);
    Payload(pipe)(target, key, 0);
    Reflect.defineMetadata(HANDLES_METADATA, { subject, pipe } satisfies HandlesMetadata, target, key);
  };
}
