import { problemResponse } from '@/lib/api/problem';

/**
 * Any /api/v1 address no route serves: a 404 problem (Next would answer its HTML 404 page). Every
 * method, so a client learns the address is wrong rather than the method.
 */
function notFound(request: Request) {
  return problemResponse('not-found', request, {
    detail: `No API operation at ${new URL(request.url).pathname}: see /api/v1/openapi.json`,
  });
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
