/**
 * The list of every endpoint, apart from the player's table ({@link ENDPOINTS}): spreading the
 * operator and staff tables is a call a bundler cannot drop, so the widget, which imports
 * `endpoints.ts`, would otherwise carry every operator and back-office schema.
 *
 * @packageDocumentation
 */
import type { Endpoint } from './endpoint-types';
import { ENDPOINTS } from './endpoints';
import { OPERATOR_ENDPOINTS } from './operator-endpoints';
import { STAFF_ENDPOINTS } from './staff-endpoints';

/**
 * Every endpoint the server registers, in table order: the player's calls ({@link ENDPOINTS})
 * the operator API (OPERATOR_ENDPOINTS) and the back office's own calls (STAFF_ENDPOINTS).
 */
export const ENDPOINT_LIST: readonly Endpoint[] = [
  ...Object.values(ENDPOINTS),
  ...Object.values(OPERATOR_ENDPOINTS),
  ...Object.values(STAFF_ENDPOINTS),
];
