/**
 * The sandbox's references and card tokens. A reference carries everything the sandbox needs to
 * answer a status call without its memory (flow, step, final result, start time), so a server
 * restart does not strand a processing or awaiting payment: status is a function of the
 * reference and the clock. A card token carries only the card's behaviour letter and random
 * bytes, never anything of the card number.
 *
 * Reference: `sbx.{d|p}.{step}.{final}.{startedAt in base 36}.{16 hex}`, e.g.
 * `sbx.d.processing.ok.m3kq2x1c.9f2c4a7e1b3d5f60`.
 * Token: `sbxtok_{a|c|p|d}_{32 hex}` (approved, challenge, processing, declined now).
 *
 * @packageDocumentation
 */
import { DECLINE_REASONS } from '../payment-provider';
import type { DeclineReason, PendingStep } from '../payment-provider';

/** Where a sandbox payment starts: a final state, or a step it waits in. */
export const SANDBOX_STEPS = [
  'approved',
  'declined',
  'challenge',
  'redirect',
  'processing',
  'await',
  'display_form',
  'bank_transfer',
  'voucher',
] as const;

/** One of {@link SANDBOX_STEPS}. */
export type SandboxStep = (typeof SANDBOX_STEPS)[number];

/** Whether a step is one a payment waits in (not already final). */
export function isPendingStep(step: SandboxStep): step is PendingStep {
  return step !== 'approved' && step !== 'declined';
}

/** Deposit or payout. */
export type SandboxFlow = 'deposit' | 'payout';

/** The final result a payment reaches when it settles: `ok` or a decline reason. */
export type SandboxFinal = 'ok' | DeclineReason;

/** The parts of a sandbox reference. */
export interface ParsedRef {
  readonly ref: string;
  readonly flow: SandboxFlow;
  readonly step: SandboxStep;
  readonly final: SandboxFinal;
  /** Epoch milliseconds. */
  readonly startedAt: number;
  /** 16 lower-case hex digits. */
  readonly random: string;
}

const REF_PATTERN = /^sbx\.([dp])\.([a-z_]+)\.([a-z_]+)\.([0-9a-z]{1,11})\.([0-9a-f]{16})$/;

function isStep(value: string): value is SandboxStep {
  return SANDBOX_STEPS.some((step) => step === value);
}

function isFinal(value: string): value is SandboxFinal {
  return value === 'ok' || DECLINE_REASONS.some((reason) => reason === value);
}

/** Builds a reference; `random` must be 16 lower-case hex digits. */
export function formatRef(parts: Omit<ParsedRef, 'ref'>): string {
  const flow = parts.flow === 'deposit' ? 'd' : 'p';
  return `sbx.${flow}.${parts.step}.${parts.final}.${parts.startedAt.toString(36)}.${parts.random}`;
}

/** Reads a reference; `null` when it is not a sandbox reference. */
export function parseRef(ref: string): ParsedRef | null {
  const match = REF_PATTERN.exec(ref);
  if (match === null) return null;
  const [, flow, step, final, startedAt, random] = match;
  if (
    flow === undefined ||
    step === undefined ||
    final === undefined ||
    startedAt === undefined ||
    random === undefined
  ) {
    return null;
  }
  if (!isStep(step) || !isFinal(final)) return null;
  const time = Number.parseInt(startedAt, 36);
  if (!Number.isSafeInteger(time)) return null;
  return {
    ref,
    flow: flow === 'd' ? 'deposit' : 'payout',
    step,
    final,
    startedAt: time,
    random,
  };
}

/**
 * How a saved card behaves when it pays again. Declined cards are never saved, so the sandbox
 * never mints `declined`: it stands for a card the issuer declines since it was saved (closed,
 * out of funds), which test data gives a player to try a declined saved card.
 */
export type TokenBehaviour = 'approved' | 'challenge' | 'processing' | 'declined';

const TOKEN_LETTERS: Readonly<Record<TokenBehaviour, string>> = {
  approved: 'a',
  challenge: 'c',
  processing: 'p',
  declined: 'd',
};

const TOKEN_PATTERN = /^sbxtok_([acpd])_([0-9a-f]{32})$/;

/** Builds a card token; `random` must be 32 lower-case hex digits. */
export function formatToken(behaviour: TokenBehaviour, random: string): string {
  return `sbxtok_${TOKEN_LETTERS[behaviour]}_${random}`;
}

/** The behaviour a card token carries; `null` when it is not a sandbox token. */
export function tokenBehaviour(token: string): TokenBehaviour | null {
  const letter = TOKEN_PATTERN.exec(token)?.[1];
  if (letter === 'a') return 'approved';
  if (letter === 'c') return 'challenge';
  if (letter === 'p') return 'processing';
  if (letter === 'd') return 'declined';
  return null;
}
