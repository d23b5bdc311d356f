/**
 * The account-management service (SPEC §7, base /api/account-management/v1.0): requisite/create,
 * DELETE requisite/{requisiteId} (designed for SPEC §2's delete-account popup), otp/send and
 * otp/verify, and the sandbox-only GET /sandbox/otp/latest that shows the demo page
 * the code the sandbox "sent".
 *
 * The code goes to the app's one sender (`app.cashdesk.otpSender`, modules/accounts/otp-senders/):
 * the sandbox outbox (log line and the `sandbox_otp_outbox` table) only in sandbox mode unless
 * production explicitly allows it, so no production path logs or shows a code by default; the
 * sandbox route reads that table and is off in production. Bodies are never logged
 * (http/logger.ts); handlers log no body field either.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { App } from '../../../http/app-types';
import { ApiError } from '../../../http/api-error';
import { registerEndpoint } from '../../../http/register-endpoint';
import { createRequisite, deleteRequisite } from '../payout-accounts';
import { latestSandboxOtp } from '../otp-senders/sandbox-outbox';
import { sendOtp, verifyOtp } from '../payout-account-otp';

/** Registers requisite/create, requisite delete, otp/send, otp/verify and GET /sandbox/otp/latest. */
export function registerAccountManagementRoutes(app: App): void {
  registerEndpoint(app, ENDPOINTS.requisiteCreate, async ({ body, session, deps }) => {
    const created = await createRequisite(
      deps.db,
      { playerId: session.playerId, brandId: session.brandId },
      body,
    );
    return { status: 200, body: created };
  });

  registerEndpoint(app, ENDPOINTS.requisiteDelete, async ({ params, session, deps, request }) => {
    await deleteRequisite(deps.db, session.playerId, params.requisiteId);
    request.log.info({ requisiteId: params.requisiteId }, 'payout account removed');
    return { status: 200, body: { deleted: true, requisite_id: params.requisiteId } };
  });

  registerEndpoint(app, ENDPOINTS.otpSend, async ({ body, session, deps }) => {
    const sent = await sendOtp(
      deps.db,
      {
        playerId: session.playerId,
        recipient: session,
        secret: deps.config.secret,
        sender: deps.otpSender,
        now: deps.clock(),
      },
      body,
    );
    return { status: 200, body: sent };
  });

  registerEndpoint(app, ENDPOINTS.otpVerify, async ({ body, session, deps }) => {
    const verified = await verifyOtp(
      deps.db,
      { playerId: session.playerId, secret: deps.config.secret, now: deps.clock() },
      body,
    );
    return { status: 200, body: verified };
  });

  // In production registerEndpoint answers 1901 before this handler could run.
  registerEndpoint(app, ENDPOINTS.sandboxLatestOtp, async ({ session, deps }) => {
    const message = await latestSandboxOtp(deps.db, session.sessionId);
    if (message === undefined) {
      throw new ApiError('notFound', { detail: 'no one-time code was sent in this session' });
    }
    return {
      status: 200,
      body: {
        requisite_id: message.requisiteId,
        contact_type: message.contactType,
        masked_contact: message.maskedContact,
        otp: message.code,
        sent_at: message.sentAt.toISOString(),
        expires_at: message.expiresAt.toISOString(),
      },
    };
  });
}
