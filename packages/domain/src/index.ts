/**
 * @cashdesk/domain: every pure business rule of the Cashdesk specification.
 * Exports are listed by name (ARCHITECTURE.md convention 7).
 *
 * @packageDocumentation
 */
export { compareDecimal, parseDecimal, roundDecimal, toPrecision } from './money/decimal';
export type { RoundingDirection } from './money/decimal';
