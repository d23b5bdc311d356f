/**
 * Making a new sandbox payment: its reference and the card token it may mint, drawn from the
 * injected random source, the codes derived from a reference's random part, and the record of a
 * new payment's first result that the provider keeps in its store.
 *
 * @packageDocumentation
 */
import type { CardSummary, Declined, DeclineReason } from '../payment-provider';
import type { SandboxTimings } from './method-outcomes';
import { formatRef, formatToken } from './provider-ref';
import type {
  ParsedRef,
  SandboxFinal,
  SandboxFlow,
  SandboxStep,
  TokenBehaviour,
} from './provider-ref';
import type {
  SandboxPaymentDetails,
  SandboxPaymentRecord,
  SandboxStore,
  SandboxTokenRecord,
} from './store';

/** A new payment's first result and what to keep of it. */
export interface Made<O> {
  readonly outcome: O;
  readonly payment: SandboxPaymentRecord;
  /** The token an approved payment minted at once. */
  readonly token: SandboxTokenRecord | undefined;
}

/** What deciding a new deposit or payout needs besides its input and the clock. */
export interface NewPaymentContext {
  readonly maker: PaymentMaker;
  readonly timings: SandboxTimings;
  /** Prefixed to the challenge and interaction page URLs ('' for root-relative ones). */
  readonly baseUrl: string;
  /** The cards behind the tokens the sandbox issued. */
  readonly store: Pick<SandboxStore, 'token'>;
}

/** 12 decimal digits from 16 hex digits: the voucher and pick-up codes. */
export function digitCode(random: string): string {
  return (BigInt(`0x${random}`) % 1_000_000_000_000n).toString().padStart(12, '0');
}

/** A short payment reference from 16 hex digits. */
export function referenceFor(random: string): string {
  return `SBX-${random.slice(0, 10).toUpperCase()}`;
}

/** New references and tokens from one random source, and the records of new payments. */
export class PaymentMaker {
  readonly #randomBytes: (size: number) => Uint8Array;

  constructor(randomBytes: (size: number) => Uint8Array) {
    this.#randomBytes = randomBytes;
  }

  #hex(bytes: number): string {
    const hex = Buffer.from(this.#randomBytes(bytes)).toString('hex');
    if (hex.length !== bytes * 2) {
      throw new RangeError(`SandboxProvider: randomBytes(${bytes}) gave ${hex.length / 2} bytes.`);
    }
    return hex;
  }

  /** A new reference starting now (8 random bytes). */
  newRef(flow: SandboxFlow, step: SandboxStep, final: SandboxFinal, now: Date): ParsedRef {
    const parts = { flow, step, final, startedAt: now.getTime(), random: this.#hex(8) };
    return { ...parts, ref: formatRef(parts) };
  }

  /** A new refund reference, `sbx.r.{16 random hex}` (not a payment's: it has no status). */
  newRefundRef(): string {
    return `sbx.r.${this.#hex(8)}`;
  }

  /** A new token for a card (16 random bytes and the behaviour letter). */
  newToken(behaviour: TokenBehaviour, card: CardSummary): SandboxTokenRecord {
    return { token: formatToken(behaviour, this.#hex(16)), behaviour, card };
  }

  /** A new payment's result, kept with its details (and the token it minted at once). */
  made<O>(
    parsed: ParsedRef,
    details: SandboxPaymentDetails,
    outcome: O,
    token?: SandboxTokenRecord,
  ): Made<O> {
    return {
      outcome,
      payment: { ref: parsed.ref, details, resolution: undefined, cardToken: token?.token },
      token,
    };
  }

  /** A new payment declined at once for `reason`. */
  declined(
    flow: SandboxFlow,
    reason: DeclineReason,
    details: SandboxPaymentDetails,
    now: Date,
  ): Made<Declined> {
    const parsed = this.newRef(flow, 'declined', reason, now);
    return this.made(parsed, details, { outcome: 'declined', providerRef: parsed.ref, reason });
  }
}
