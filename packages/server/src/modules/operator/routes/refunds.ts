/**
 * Refunds and cancellations in the operator API: create a refund (full or partial, with an
 * Idempotency-Key), list a deposit's, read one; cancel a pending payment (payments/cancellation.ts). The money and the provider call are modules/payments/refunds.ts's; a new
 * refund is audited in the database transaction that creates it.
 *
 * @packageDocumentation
 */
import { OPERATOR_ENDPOINTS } from '@cashdesk/contract';
import type { App } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';
import type { EndpointContext } from '../../../http/register-endpoint';
import {
  brandRefund,
  brandTransaction,
  cancelTransaction,
  listRefunds,
  requestRefund,
  resolveHeldAnswer,
} from '../../payments';
import type { RefundState } from '../../payments';
import { operatorTransaction, refundWire } from '../../webhooks';
import type { Executor } from '../../../db/open';

/** A refund and its deposit as the API answers them. */
async function answerOf(db: Executor, state: RefundState) {
  const { wire } = await operatorTransaction(db, state.transaction);
  return { refund: refundWire(state.refund), transaction: wire };
}

/** The audit trail's recorder of an operator call (register-endpoint.ts). */
type AuditRecorder = EndpointContext<typeof OPERATOR_ENDPOINTS.operatorTransactionCancel>['audit'];

/** A transaction's row. */
type TransactionRow = RefundState['transaction'];

/** The audit of an operator's change of a transaction: before and after, with `extra`. */
function transactionAudit(
  audit: AuditRecorder,
  extra: Readonly<Record<string, string>>,
): (tx: Executor, before: TransactionRow, after: TransactionRow) => Promise<void> {
  return async (tx, before, after) => {
    const [was, is] = await Promise.all([
      operatorTransaction(tx, before),
      operatorTransaction(tx, after),
    ]);
    await audit(tx, {
      target: `transaction:${before.id}`,
      before: was.wire,
      after: { ...is.wire, ...extra },
    });
  };
}

/** Registers the refund, cancellation and held-answer routes. */
export function registerOperatorRefundRoutes(app: App): void {
  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorTransactionCancel,
    async ({ params, body, deps, operator, audit, request }) => {
      const row = await cancelTransaction(
        { ...deps, log: request.log },
        operator.brandId,
        params.transactionId,
        transactionAudit(audit, { reason: body.reason }),
      );
      const { wire } = await operatorTransaction(deps.db, row);
      return { status: 200, body: { transaction: wire } };
    },
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorRefundCreate,
    async ({ params, body, deps, operator, audit, idempotencyKey, request }) => {
      const state = await requestRefund(
        { ...deps, log: request.log },
        operator.brandId,
        params.transactionId,
        {
          amount: body.amount,
          reason: body.reason,
          allowNegativeBalance: body.allow_negative_balance ?? false,
          idempotencyKey: idempotencyKey ?? '',
          requestedBy: operator.keyId,
          record: async (tx, created) => {
            await audit(tx, {
              target: `transaction:${created.transaction.id}:refund:${created.refund.id}`,
              before: null,
              after: refundWire(created.refund),
            });
          },
        },
      );
      return { status: 201, body: await answerOf(deps.db, state) };
    },
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorTransactionResolveHold,
    async ({ params, body, deps, operator, audit, request }) => {
      const row = await resolveHeldAnswer(
        { ...deps, log: request.log },
        operator.brandId,
        params.transactionId,
        body.resolution,
        transactionAudit(audit, { resolution: body.resolution, reason: body.reason }),
      );
      const { wire } = await operatorTransaction(deps.db, row);
      return { status: 200, body: { transaction: wire } };
    },
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorRefundList,
    async ({ params, deps, operator }) => {
      const deposit = await brandTransaction(deps, operator.brandId, params.transactionId);
      const rows = await listRefunds(deps.db, deposit.id);
      return { status: 200, body: { refunds: rows.map(refundWire) } };
    },
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorRefundGet,
    async ({ params, deps, operator }) => {
      const state = await brandRefund(deps, operator.brandId, params.refundId);
      return { status: 200, body: await answerOf(deps.db, state) };
    },
  );
}
