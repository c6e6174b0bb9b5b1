import { applyDecorators, Delete, Get, Header, HttpCode, Patch, Post, Put, Redirect } from '@nestjs/common';
import { Public } from '../auth/auth.guard';
import { routerPath, type HandWrittenRoute } from './route-kit';

const METHODS = { GET: Get, POST: Post, PUT: Put, PATCH: Patch, DELETE: Delete };

/**
 * Serves a hand-written route's declaration from a Nest controller method (in a controller
 * without a path prefix): its method, path, access and success status come from the
 * declaration, so the document cannot drift from what is served.
 */
export function Serve(declaration: HandWrittenRoute): MethodDecorator {
  const decorators: MethodDecorator[] = [METHODS[declaration.method](routerPath(declaration.path))];
  if (declaration.access === 'public') decorators.push(Public());
  if (declaration.access === 'admin' || declaration.access === 'member')
    throw new Error(`${declaration.operationId}: hand-written admin routes are not guarded`);
  // A redirect can carry a session token in its URL: never cached.
  if (declaration.status === 302) decorators.push(Redirect(), Header('Cache-Control', 'no-store'));
  else decorators.push(HttpCode(declaration.status));
  return applyDecorators(...decorators);
}
