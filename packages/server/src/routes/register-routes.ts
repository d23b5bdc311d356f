/**
 * Every route module of the server, registered in this order by createApp. A route module is a
 * function that registers its endpoints with `registerEndpoint` (http/register-endpoint.ts);
 * add new modules to {@link ROUTE_MODULES}.
 *
 * @packageDocumentation
 */
import type { App } from '../http/app-types';
import { registerMetaRoutes } from './meta';
import { registerSandboxSessionRoutes } from './sandbox-sessions';

/** A function that registers a group of routes. */
export type RouteModule = (app: App) => void;

/** The route modules, in registration order. */
export const ROUTE_MODULES: readonly RouteModule[] = [
  registerMetaRoutes,
  registerSandboxSessionRoutes,
];

/** Registers every route module on the app. */
export function registerRoutes(app: App): void {
  for (const register of ROUTE_MODULES) register(app);
}
