/**
 * Alternative payments (SPEC §2 /payments/interaction|status|3ds_result/{provider}, §7).
 *
 * @packageDocumentation
 */
export { AltPaymentPage } from './alt-payment-page';
