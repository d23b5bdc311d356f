/**
 * The cashier_in_new_tab start-up rule (SPEC §2): an address carrying the flag asks the parent to
 * open the cashier at the same address without the flag, and renders nothing itself.
 *
 * @packageDocumentation
 */
import { addressQuery, addressText, removeQueryParam } from './address';
import { readFlag, STARTUP_QUERY_PARAMS } from './startup-params';

/** SPEC §2: the outcome of the cashier_in_new_tab check. */
export type NewTabDecision =
  { readonly action: 'render' } | { readonly action: 'redirect'; readonly address: string };

/**
 * SPEC §2: whether to send redirectTo to the parent (with the address minus the flag) or render
 * normally. The flag counts when present with no value or a true value (`1`, `true`, `yes`, `on`);
 * `cashier_in_new_tab=0` or `=false` renders normally, so that a host can switch the flag off
 * without removing it. Every occurrence of the flag is removed from the address sent, which is
 * the URL standard's serialisation of the address (see {@link removeQueryParam}).
 *
 * @example decideNewTab('https://pay.example.com/deposit?cashier_in_new_tab=1&lang=en')
 *   // { action: 'redirect', address: 'https://pay.example.com/deposit?lang=en' }
 */
export function decideNewTab(address: unknown): NewTabDecision {
  const text = addressText(address);
  if (text === null) return { action: 'render' };
  const flag = STARTUP_QUERY_PARAMS.cashierInNewTab;
  if (!readFlag(addressQuery(text), flag)) return { action: 'render' };
  return { action: 'redirect', address: removeQueryParam(text, flag) };
}
