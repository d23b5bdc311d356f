/**
 * `@cashdesk/domain/testing`: parts of the rules that tests in other packages check directly
 * (the message keys every language must translate, the Luhn digit that makes test card numbers,
 * the tax and phone rules behind the server's answers, the icon retry policy's figures). Product
 * code imports only `@cashdesk/domain` (the dependency rules refuse this entry outside tests), so
 * the package's public API lists only what the product calls (scripts/check-domain-api.ts).
 *
 * @packageDocumentation
 */
export { AMOUNT_MESSAGE_KEYS } from './amount/amount-messages';
export { luhnCheck, luhnCheckDigit } from './cards/luhn';
export { ICON_RETRY_COUNT, ICON_RETRY_DELAY_MS } from './constants';
export { FIELD_KINDS } from './fields/field-enums';
export { FEE_MESSAGE_KEYS } from './money/fee';
export { computeTax } from './money/tax';
export { validatePhone } from './phone/validate';
export { FEE_MODEL_CASES } from './money/fee-cases';
export type { FeeModelCase } from './money/fee-cases';
