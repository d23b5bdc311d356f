/**
 * The sandbox-only session call, `POST /sandbox/sessions`, off unless the server runs in sandbox
 * mode. Not part of SPEC §7; it serves tests, the demo page and `npm run session`.
 *
 * @packageDocumentation
 */
import { PAYMENT_FLOWS } from '@cashdesk/domain';
import * as z from 'zod/mini';
import { Currency, DateTime, Decimal, SessionId, Url } from './common';

/** A player's external id as the brand knows it (designed: 1-64 characters of [A-Za-z0-9_.-]). */
export const PlayerRef = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(64),
    z.regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, ".", "_" or "-"'),
  );

/**
 * SPEC §1: a theme name (default brand0). Any name an operator chooses for a theme of
 * its brand, 1-32 of [a-z0-9_-]; the built-in brand0 and brand1 are such names.
 */
export const ThemeName = z
  .string()
  .check(z.regex(/^[a-z0-9_-]{1,32}$/, '1-32 lower-case letters, digits, "_" or "-", e.g. brand0'));

/** SPEC §2: a language code (the first part of the lang query parameter, e.g. "en"). */
export const LanguageCode = z
  .string()
  .check(z.regex(/^[a-z]{2,3}$/, 'a two- or three-letter language code'));

/** A brand id (designed: 1-32 characters of [A-Za-z0-9_-]; the demo brand is brand0). */
export const BrandId = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(32),
    z.regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, "_" or "-"'),
  );

/** SPEC §1: deposit or withdrawal. */
export const PaymentFlowSchema = z.enum(PAYMENT_FLOWS).check(
  z.meta({
    id: 'PaymentFlow',
    description: 'The payment flow: deposit or withdrawal (payout) (SPEC §1).',
  }),
);

/** Sandbox only: create a session for a (possibly new) player. */
export const SandboxSessionRequest = z
  .object({
    player: PlayerRef,
    flow: PaymentFlowSchema,
    currency: Currency,
    lang: z.optional(LanguageCode),
    brand: z.optional(BrandId),
    theme: z.optional(ThemeName),
  })
  .check(
    z.meta({
      id: 'SandboxSessionRequest',
      description:
        'Sandbox only (not in SPEC §7; designed). Creates a session for the player (created with the brand defaults on first use) in the given flow and currency. lang defaults to "en", brand and theme to "brand0" (SPEC §9 defaults).',
    }),
  );
/** Sandbox session request (as parsed). */
export type SandboxSessionRequest = z.infer<typeof SandboxSessionRequest>;

/** Sandbox only: the created session and the widget address that opens it. */
export const SandboxSessionResponse = z
  .object({
    session_id: SessionId,
    widget_url: Url,
    expires_at: DateTime,
    player_id: PlayerRef,
  })
  .check(
    z.meta({
      id: 'SandboxSessionResponse',
      description:
        'Sandbox only (designed). session_id goes into the x-session-id header; widget_url opens the cashier with session_id, lang and theme in its query (SPEC §2); expires_at is when the session stops answering (then error 17).',
    }),
  );
/** Sandbox session response. */
export type SandboxSessionResponse = z.infer<typeof SandboxSessionResponse>;

/** Sandbox only: the balance of the session's player, for the demo host page's header. */
export const SandboxBalanceResponse = z
  .object({
    player_id: PlayerRef,
    currency: Currency,
    balance: Decimal,
    reserved: Decimal,
  })
  .check(
    z.meta({
      id: 'SandboxBalanceResponse',
      description:
        "Sandbox only (designed; not in SPEC §7): the balance of the session's player in the session's currency, at the currency precision, as the cashier's init answer reports it (user_balance), and the amount reserved by pending withdrawals. The demo host page shows it in its header and reads it again on the embed SDK's result event, as a brand's page would read its own wallet.",
    }),
  );
/** Sandbox balance answer. */
export type SandboxBalanceResponse = z.infer<typeof SandboxBalanceResponse>;
