/**
 * The iframe's `sandbox` and `allow` attributes: what a payments cashier needs to work and
 * nothing more. Each token says which part of the SPEC needs it.
 *
 * @packageDocumentation
 */

/**
 * The sandbox tokens of the cashier iframe. Anything not listed stays blocked: automatic
 * top-level navigation without a click, modals (`alert`), pointer lock, presentation, orientation
 * lock and storage access prompts.
 *
 * - `allow-scripts`: the widget is a script application.
 * - `allow-same-origin`: keeps the widget's own origin. Without it the frame runs at the opaque
 *   origin `null`: no local storage for the session state and stored keys (SPEC §4, §7), no
 *   cookies, and every message it posts arrives with origin `null`, which the origin pin rejects.
 *   Together with `allow-scripts` this lets a same-origin document lift its own sandbox, so serve
 *   the widget from its own origin, never from the host page's.
 * - `allow-forms`: method forms are submitted (SPEC §2) and redirect results POST their fields to
 *   a bank or 3-D-secure page (SPEC §3 redirect result: url, method, fields).
 * - `allow-popups`: links and merchant redirects open in a new window unless flagged self-target
 *   (SPEC §2 "Redirect after finishing", merchant_redirect_type blank in §4).
 * - `allow-popups-to-escape-sandbox`: the bank, wallet or merchant page opened that way must not
 *   inherit this sandbox, or it would break (no storage, no top navigation of its own).
 * - `allow-top-navigation-by-user-activation`: redirect target modes top and parent (SPEC §2) and
 *   the final-result redirect (SPEC §4) move the whole page, but only after the player clicked.
 *   Automatic redirects go through the host instead (the redirectTo message, SPEC §1).
 * - `allow-downloads`: the display form offers its QR code as a download (SPEC §2).
 */
export const CASHIER_SANDBOX_TOKENS = [
  'allow-scripts',
  'allow-same-origin',
  'allow-forms',
  'allow-popups',
  'allow-popups-to-escape-sandbox',
  'allow-top-navigation-by-user-activation',
  'allow-downloads',
] as const;

/**
 * The permissions policy features delegated to the cashier iframe (its `allow` attribute).
 *
 * - `payment`: the Payment Request API behind Apple Pay and Google Pay (SPEC §6), which a
 *   cross-origin frame may use only when its embedder delegates it.
 * - `clipboard-write`: the copy buttons of copyable fields and of the display form (SPEC §2).
 */
export const CASHIER_ALLOW_FEATURES = ['payment', 'clipboard-write'] as const;
