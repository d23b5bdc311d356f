/**
 * The deposit calls of SPEC §7 and the route call of both flows, thin over the services:
 * - POST payments/groups/{payGroupId}/submit: the submission pipeline (modules/payments) with
 *   the deposit policy; a retry with the same Idempotency-Key resumes the same transaction;
 * - POST payments/groups/{payGroupId}/upload: a document (modules/payments/routes/documents.ts);
 * - POST /api/cashier-service/{payments|payouts}/groups/{paygroup_id}/route: the next fields of
 *   a form (modules/payments/route-fields.ts);
 * - POST payments/groups/{paygroup_id}/otp: a confirmation code for a deposit whose form has a
 *   requisite field (modules/payments/deposit-code.ts).
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { DepositRouteResponse, PayoutRouteResponse } from '@cashdesk/contract';
import type { PaymentFlow } from '@cashdesk/domain';
import type { App, AppDeps } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';
import {
  findSessionPayGroup,
  sessionScope,
  depositFields,
  formFields,
  viewDataOf,
  assertAvailable,
  loadPlayer,
} from '../../cashier';
import { sendDepositCode } from '../deposit-code';
import { depositSecretsFromRetry, prepareDeposit } from '../deposit-policy';
import { resumePayment, submitPayment } from '../pipeline';
import { routeFields } from '../route-fields';
import { checkAmount } from '../submission';
import type { SessionContext } from '../../../http/sessions';
import { paySessionFor } from '../pay-session';
import { registerUploadRoute } from './documents';
import { readClientEnvironmentHeaders } from '@cashdesk/domain';

async function routeAnswer(
  deps: AppDeps,
  session: SessionContext,
  flow: PaymentFlow,
  payGroupId: string,
  body: {
    readonly currency: string;
    readonly parameters: Readonly<Record<string, string | boolean>>;
    readonly card_data?: { readonly card_id?: string | undefined } | undefined;
  },
) {
  const scope = sessionScope(session, flow, body.currency);
  const entry = await findSessionPayGroup(deps.db, scope, payGroupId, 'params.paygroup_id');
  assertAvailable(entry.group, deps.clock(), 'params.paygroup_id');
  const player = await loadPlayer(deps.db, session.playerId);
  const fields = routeFields(
    formFields(entry.group, player),
    body.parameters,
    entry.group.isRoutable,
  );
  const cardId = body.card_data?.card_id;
  return {
    fields,
    view_data: viewDataOf(entry.group),
    card_data: cardId === undefined ? null : { card_id: cardId },
  };
}

/** Registers deposit submit, upload and otp, and the route call of both flows. */
export function registerDepositRoutes(app: App): void {
  registerEndpoint(
    app,
    ENDPOINTS.depositSubmit,
    async ({ session, params, body, deps, claim, request }) => {
      const payment = { ...deps, log: request.log };
      const prepared = await prepareDeposit(
        deps,
        session,
        params.payGroupId,
        body,
        deps.clock(),
        claim,
      );
      const row = await submitPayment(
        payment,
        prepared,
        claim,
        readClientEnvironmentHeaders(request.headers),
      );
      return {
        status: 200,
        body: await paySessionFor(deps.db, row, deps.wallet, prepared.precision),
      };
    },
    {
      // The key is claimed in the transaction's own commit.
      claimWithTransaction: true,
      resume: async ({ session, body, deps, request }, transactionId) => {
        const payment = { ...deps, log: request.log };
        const secrets = depositSecretsFromRetry(body);
        const row = await resumePayment(payment, session.playerId, transactionId, secrets);
        return { status: 200, body: await paySessionFor(deps.db, row, deps.wallet) };
      },
    },
  );

  registerEndpoint(app, ENDPOINTS.depositOtp, async ({ session, params, body, deps, request }) => {
    const now = deps.clock();
    const scope = sessionScope(session, 'deposit', body.currency);
    const entry = await findSessionPayGroup(
      deps.db,
      scope,
      params.paygroup_id,
      'params.paygroup_id',
    );
    assertAvailable(entry.group, now, 'params.paygroup_id');
    checkAmount(body.amount, entry, 'deposit');
    return {
      status: 200,
      body: await sendDepositCode(
        { ...deps, log: request.log },
        deps.otpSender,
        session,
        entry,
        { parameters: body.parameters, fieldName: body.field_name },
        now,
      ),
    };
  });

  registerEndpoint(app, ENDPOINTS.depositRoute, async ({ session, params, body, deps }) => {
    const answer = await routeAnswer(deps, session, 'deposit', params.paygroup_id, body);
    const result: DepositRouteResponse = {
      parameters: depositFields(answer.fields),
      view_data: answer.view_data,
      card_data: answer.card_data,
    };
    return { status: 200, body: result };
  });

  registerEndpoint(app, ENDPOINTS.payoutRoute, async ({ session, params, body, deps }) => {
    const answer = await routeAnswer(deps, session, 'withdrawal', params.paygroup_id, body);
    const result: PayoutRouteResponse = {
      parameters: answer.fields,
      view_data: answer.view_data,
      card_data: answer.card_data,
    };
    return { status: 200, body: result };
  });

  registerUploadRoute(app, ENDPOINTS.depositUpload, 'deposit');
}
