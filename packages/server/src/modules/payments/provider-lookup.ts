/**
 * Looking a payment up by our reference: how a deposit whose call got no answer, and that cannot
 * be sent again without the card the player typed, is resolved (provider-calls.ts has the rules).
 *
 * @packageDocumentation
 */
import type { LookupResult } from '../../providers';
import { DEADLINE_MS, deadlineAfter, recheckAt } from '../../platform/schedule';
import { answeredWith, providerCallRecord, unansweredCallRecord } from './call-history';
import { releaseLease, reread } from './call-lease';
import { providerOf, withProviderTimeout } from './payment-deps';
import type { PaymentDeps } from './payment-deps';
import { counted } from './payment-metrics';
import { applyProviderStatus } from './provider-outcomes';
import type { TransactionRow } from './transaction-repository';
import { transition } from './transactions';
import { callFailed, failAsNotReceived, retryLater } from './unanswered-calls';

/** The deadline of a payment the provider reports pending at a step. */
function deadlineOf(found: Extract<LookupResult, { status: 'pending' }>, now: Date): Date {
  switch (found.step) {
    case 'display_form':
    case 'voucher':
      return deadlineAfter(found.expiresAt ?? now, DEADLINE_MS.grace);
    case 'bank_transfer':
      return deadlineAfter(now, DEADLINE_MS.upload);
    case 'processing':
      return deadlineAfter(now, DEADLINE_MS.processing);
    case 'challenge':
    case 'redirect':
    case 'await':
      return deadlineAfter(now, DEADLINE_MS.redirect);
  }
}

/**
 * Looks a deposit up by our reference and applies what the provider knows: a final result, a
 * payment still pending (the transaction moves to processing and is followed by its status), or
 * nothing (looked up again later, and failed as never received after LOOKUP_GRACE_MS).
 */
export async function lookUp(
  deps: PaymentDeps,
  row: TransactionRow,
  owner: string,
): Promise<TransactionRow> {
  const now = deps.clock();
  let found: LookupResult;
  try {
    found = await withProviderTimeout(
      deps,
      'lookup',
      (options) => providerOf(deps, row).lookup(row.id, now, options),
      deps.connectors.resolve(row.connector),
    );
  } catch (error) {
    await callFailed(deps, row, error, unansweredCallRecord(deps, row, 'lookup', now, error));
    await releaseLease(deps.db, row.id, owner);
    return reread(deps.db, row.id);
  }
  const record = providerCallRecord(deps, row, 'lookup', now, answeredWith(found));
  switch (found.status) {
    case 'approved':
    case 'declined':
    case 'cancelled':
      counted(deps, await applyProviderStatus(deps.db, row, found, now, [record]));
      deps.log?.info(
        { transaction_id: row.id, found: found.status },
        'payment found by our reference',
      );
      break;
    case 'pending':
      await transition(deps.db, row.id, 'processing', {
        now,
        history: [record],
        step: 'await',
        providerReference: found.providerRef,
        expiresAt: deadlineOf(found, now),
        nextCheckAt:
          found.settlesAt === undefined ? recheckAt(now, row.createdAt) : found.settlesAt,
        ...(found.settlesAt === undefined
          ? {}
          : { providerData: { settlesAt: found.settlesAt.toISOString() } }),
      });
      deps.log?.info(
        { transaction_id: row.id, found: 'pending', step: found.step },
        'payment found by our reference',
      );
      break;
    case 'unknown':
    case 'not_found': {
      const age = now.getTime() - row.createdAt.getTime();
      if (row.flow === 'deposit' && age >= deps.config.payments.lookupGraceMs) {
        await failAsNotReceived(deps, row, now, [record]);
        deps.log?.info(
          { transaction_id: row.id },
          'deposit unknown to the provider after the grace: failed as never received',
        );
      } else {
        await retryLater(deps, row, 'unknown', [record]);
      }
      break;
    }
  }
  await releaseLease(deps.db, row.id, owner);
  return reread(deps.db, row.id);
}
