/**
 * The contract's inferred types must fit the hand-written wire interfaces of @cashdesk/domain,
 * so the widget can hand a parsed response straight to a domain rule (docs/architecture.md: nothing
 * is defined twice, no `as`). These checks fail at compile time (`tsc -b`); the runtime
 * assertions only record that they ran.
 */
import type {
  BrowserData as DomainBrowserData,
  DepositSubmitBody,
  MetricsBody,
  PaymentRequestPayload,
  ReceivedField,
  ReceivedLostProfitBonus,
  ReceivedPayGroup,
  ReceivedWithdrawalField,
  SavedCard,
  TaxTier as DomainTaxTier,
  UserBonus as DomainUserBonus,
  WithdrawalReversalResponse,
} from '@cashdesk/domain';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import type { TaxTier, UserBonus } from './schemas/cashier';
import type { FieldDefinition, WithdrawalFieldDefinition } from './schemas/fields';
import type { MetricsRequest } from './schemas/metrics';
import type { LostProfitBonus, PayGroup } from './schemas/pay-group';
import type { BrowserData, SubmitRequestInput } from './schemas/payment';
import type { ReversePendingWithdrawalResponse } from './schemas/routing';
import type { SavedCardWire } from './schemas/user-cards';

/** `true` when every `From` is a `To` (no distribution over unions). */
type Assignable<From, To> = [From] extends [To] ? true : false;

/** Compiles only when the check is `true`: the type-level assertion. */
type Expect<Check extends true> = Check;

/** Arrays made readonly, as the domain hands them over. */
type MutableMetrics = Omit<MetricsBody, 'metrics'> & { metrics: MetricsBody['metrics'][number][] };

describe('contract types fit the domain wire interfaces (SPEC §3)', () => {
  it('answers parsed by the widget are accepted by domain rules', () => {
    const checks: [
      Expect<Assignable<PayGroup, ReceivedPayGroup>>,
      Expect<Assignable<FieldDefinition, ReceivedField>>,
      Expect<Assignable<WithdrawalFieldDefinition, ReceivedWithdrawalField>>,
      Expect<Assignable<TaxTier, DomainTaxTier>>,
      Expect<Assignable<SavedCardWire, SavedCard>>,
      Expect<Assignable<LostProfitBonus, ReceivedLostProfitBonus>>,
      Expect<Assignable<UserBonus, DomainUserBonus>>,
      Expect<Assignable<ReversePendingWithdrawalResponse, WithdrawalReversalResponse>>,
    ] = [true, true, true, true, true, true, true, true];
    expect(checks.every(Boolean)).toBe(true);
  });

  it('bodies built by domain rules are accepted by the request schemas', () => {
    const checks: [
      Expect<Assignable<DepositSubmitBody, SubmitRequestInput>>,
      Expect<Assignable<PaymentRequestPayload, SubmitRequestInput>>,
      Expect<Assignable<DomainBrowserData, z.input<typeof BrowserData>>>,
      Expect<Assignable<MutableMetrics, z.input<typeof MetricsRequest>>>,
    ] = [true, true, true, true];
    expect(checks.every(Boolean)).toBe(true);
  });

  it('a shape that does not fit is told apart', () => {
    const check: Expect<Assignable<Assignable<{ id: string }, ReceivedPayGroup>, false>> = true;
    expect(check).toBe(true);
  });
});
