import type { INestMicroservice, RpcExceptionFilter } from '@nestjs/common';
import {
  EXCEPTION_FILTERS_METADATA,
  GUARDS_METADATA,
  INTERCEPTORS_METADATA,
  PIPES_METADATA,
} from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import type { ApplicationConfig } from '@nestjs/core/application-config';
import { PARAM_ARGS_METADATA } from '@nestjs/microservices/constants';
import { RpcParamtype } from '@nestjs/microservices/enums/rpc-paramtype.enum';
import type { DirectHandler } from '@planted/messaging';
import { HANDLES_METADATA, type HandlesMetadata } from '../nats/handles';

const ENHANCERS = [GUARDS_METADATA, INTERCEPTORS_METADATA, PIPES_METADATA, EXCEPTION_FILTERS_METADATA];

/** Whether a class or method carries a guard, interceptor, pipe or filter of its own. */
const enhanced = (target: object) =>
  ENHANCERS.some((key) => ((Reflect.getMetadata(key, target) as unknown[] | undefined)?.length ?? 0) > 0);

/**
 * The @Handles methods of an app's controllers that Nest would run with nothing around them
 * but their payload's SubjectPipe and `filter` (the app's one global exception filter), as
 * direct handlers by subject (PrefixedNatsServer.serveDirectly): the method bound to its
 * controller, called with the pipe's answer. Anything else stays on Nest's pipeline, so a
 * guard, an interceptor, a pipe or a filter added anywhere (globally, on a controller or a
 * method) or a request-scoped controller still works as Nest says: the app as a whole when
 * it has any global enhancer, a handler when it or its class has one. Call it after the
 * global filter is set and before listen().
 */
export function directHandlers(
  app: INestMicroservice,
  filter: RpcExceptionFilter,
): Map<string, DirectHandler> {
  const handlers = new Map<string, DirectHandler>();
  const config = (app as unknown as { applicationConfig?: ApplicationConfig }).applicationConfig;
  if (
    !config ||
    config.getGlobalGuards().length + config.getGlobalRequestGuards().length > 0 ||
    config.getGlobalInterceptors().length + config.getGlobalRequestInterceptors().length > 0 ||
    config.getGlobalPipes().length + config.getGlobalRequestPipes().length > 0 ||
    config.getGlobalRequestFilters().length > 0 ||
    config.getGlobalFilters().length !== 1 ||
    config.getGlobalFilters()[0] !== filter
  )
    return handlers;
  const scanner = new MetadataScanner();
  const seen = new Set<string>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const instance = wrapper.instance as Record<string | symbol, unknown> | undefined;
      if (!instance || !wrapper.isDependencyTreeStatic() || wrapper.isTransient) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      const type = instance.constructor as object;
      for (const key of scanner.getAllMethodNames(prototype)) {
        const handles = Reflect.getMetadata(HANDLES_METADATA, prototype, key) as HandlesMetadata | undefined;
        if (!handles) continue;
        const name = handles.subject.name;
        // Two handlers of one subject: Nest decides which one answers.
        if (seen.has(name)) {
          handlers.delete(name);
          continue;
        }
        seen.add(name);
        const method = instance[key];
        if (typeof method !== 'function' || enhanced(type) || enhanced(method)) continue;
        if (!onlyThePayloadPipe(type, key, handles)) continue;
        const { pipe } = handles;
        handlers.set(name, (data) =>
          (method as (input: unknown) => unknown).call(instance, pipe.transform(data)),
        );
      }
    }
  }
  return handlers;
}

/** The method's parameters are the one @Handles declared: its payload, through its SubjectPipe. */
function onlyThePayloadPipe(type: object, key: string, handles: HandlesMetadata): boolean {
  const params = Reflect.getMetadata(PARAM_ARGS_METADATA, type, key) as
    Record<string, { index: number; data?: unknown; pipes?: unknown[] }> | undefined;
  const entries = Object.entries(params ?? {});
  if (entries.length !== 1) return false;
  const [paramKey, param] = entries[0]!;
  return (
    paramKey === `${RpcParamtype.PAYLOAD}:0` &&
    param.index === 0 &&
    param.data === undefined &&
    param.pipes?.length === 1 &&
    param.pipes[0] === handles.pipe
  );
}
