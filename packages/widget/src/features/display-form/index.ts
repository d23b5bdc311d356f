/**
 * The display form (SPEC §2 /deposit/deposit-display-form: QR code with copy, download,
 * copy-input and a made-payment button).
 *
 * @packageDocumentation
 */
export { DisplayFormPage } from './display-form-page';
