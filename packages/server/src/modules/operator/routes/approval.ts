/**
 * Payout approval in the operator API: whether the brand's withdrawals need it
 * (GET/PUT /payout-approval) and the decision on one (POST /transactions/{id}/approve|reject).
 * The pipeline's side is modules/payments/approval.ts. Every change is audited in the database
 * transaction that makes it.
 *
 * @packageDocumentation
 */
import { OPERATOR_ENDPOINTS } from '@cashdesk/contract';
import { eq } from 'drizzle-orm';
import { brands } from '../../../db/schema';
import type { App } from '../../../http/app-types';
import { ifMatchVersion } from '../../../http/operator-auth';
import { registerEndpoint } from '../../../http/register-endpoint';
import { requireBrand, bumpConfigVersion } from '../../brand-config';
import { approvePayout, rejectPayout } from '../../payments';
import type { DecisionRecorder } from '../../payments';
import { operatorTransaction } from '../../webhooks';

/** Registers the payout approval routes. */
export function registerOperatorApprovalRoutes(app: App): void {
  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorPayoutApprovalGet,
    async ({ deps, operator }) => {
      const brand = await requireBrand(deps.db, operator.brandId);
      return { status: 200, body: { required: brand.payoutApproval } };
    },
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorPayoutApprovalSet,
    async ({ body, headers, deps, operator, audit }) => {
      await deps.db.transaction(async (tx) => {
        await bumpConfigVersion(tx, operator.brandId, ifMatchVersion(headers['if-match']));
        const before = await requireBrand(tx, operator.brandId);
        await tx
          .update(brands)
          .set({ payoutApproval: body.required })
          .where(eq(brands.id, operator.brandId));
        await audit(tx, {
          target: `brand:${operator.brandId}:payout_approval`,
          before: { required: before.payoutApproval },
          after: { required: body.required },
        });
      });
      return { status: 200, body: { required: body.required } };
    },
  );

  for (const [endpoint, decide] of [
    [OPERATOR_ENDPOINTS.operatorPayoutApprove, approvePayout],
    [OPERATOR_ENDPOINTS.operatorPayoutReject, rejectPayout],
  ] as const) {
    registerEndpoint(app, endpoint, async ({ params, body, deps, operator, audit, request }) => {
      const record: DecisionRecorder = async (tx, decision) => {
        const [before, after] = await Promise.all([
          operatorTransaction(tx, decision.before),
          operatorTransaction(tx, decision.after),
        ]);
        await audit(tx, {
          target: `transaction:${decision.before.id}`,
          before: before.wire,
          after: { ...after.wire, ...(body.reason === undefined ? {} : { reason: body.reason }) },
        });
      };
      const row = await decide(
        { ...deps, log: request.log },
        operator.brandId,
        params.transactionId,
        record,
      );
      const { wire } = await operatorTransaction(deps.db, row);
      return { status: 200, body: { transaction: wire } };
    });
  }
}
