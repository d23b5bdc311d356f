/**
 * Routes about the service itself: the OpenAPI document of @cashdesk/contract (public, no
 * session) at the contract's path and at the site root, and a liveness probe for process managers
 * and the e2e runner.
 *
 * @packageDocumentation
 */
import { ENDPOINTS, OpenApiDocumentSchema, buildOpenApiDocument } from '@cashdesk/contract';
import type { App } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';

/** The OpenAPI document at the site root too, where tools look for it first. */
export const ROOT_OPENAPI_PATH = '/openapi.json';

/** The liveness probe. */
export const HEALTH_PATH = '/healthz';

/** Registers the OpenAPI document (contract path and {@link ROOT_OPENAPI_PATH}) and the probe. */
export function registerMetaRoutes(app: App): void {
  // Built once: the document is a pure function of the contract.
  const document = OpenApiDocumentSchema.parse(buildOpenApiDocument());
  registerEndpoint(app, ENDPOINTS.openApiDocument, () =>
    Promise.resolve({ status: 200, body: document }),
  );
  app.get(ROOT_OPENAPI_PATH, (_request, reply) => reply.send(document));
  app.get(HEALTH_PATH, (_request, reply) => reply.send({ status: 'ok' }));
}
