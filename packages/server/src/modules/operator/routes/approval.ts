/**
 * Payout approval in the operator API: whether the brand's withdrawals need it, and below which
 * amounts not (GET/PUT /payout-approval, modules/brand-config/payout-approval.ts), and the decision on one (POST /transactions/{id}/approve|reject).
 * The pipeline's side is modules/payments/approval.ts. Every change is audited in the database
 * transaction that makes it.
 *
 * @packageDocumentation
 */
import { OPERATOR_ENDPOINTS } from '@cashdesk/contract';
import type { App } from '../../../http/app-types';
import { ifMatchVersion } from '../../../http/operator-auth';
import { registerEndpoint } from '../../../http/register-endpoint';
import {
  bumpConfigVersion,
  requireBrand,
  setPayoutApproval,
  toPayoutApprovalSetting,
} from '../../brand-config';
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
      return { status: 200, body: toPayoutApprovalSetting(brand) };
    },
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorPayoutApprovalSet,
    async ({ body, headers, deps, operator, audit }) => {
      const after = await deps.db.transaction(async (tx) => {
        await bumpConfigVersion(tx, operator.brandId, ifMatchVersion(headers['if-match']));
        const change = await setPayoutApproval(tx, operator.brandId, body);
        await audit(tx, { target: `brand:${operator.brandId}:payout_approval`, ...change });
        return change.after;
      });
      return { status: 200, body: after };
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
