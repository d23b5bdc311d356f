/**
 * The account-management service (SPEC §7, base /api/account-management/v1.0): requisite/create,
 * DELETE requisite/{requisiteId} (designed for SPEC §2's delete-account popup), otp/send and
 * otp/verify, and the sandbox-only GET /sandbox/otp/latest that shows the demo page
 * the code the sandbox "sent".
 *
 * The code's delivery is chosen by mode (services/otp-delivery.ts otpDeliveryFor): the sandbox
 * outbox (log line and the `sandbox_otp_outbox` table) in sandbox mode, nothing in production, so
 * no production path can log or show a code. Bodies are never logged (http/logger.ts); handlers log no body field either.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { App } from '../http/app-types';
import { ApiError } from '../http/api-error';
import { registerEndpoint } from '../http/register-endpoint';
import { createRequisite, deleteRequisite } from '../services/payout-accounts';
import { otpDeliveryFor } from '../services/otp-delivery';
import { sendOtp, verifyOtp } from '../services/payout-account-otp';

/** Registers requisite/create, requisite delete, otp/send, otp/verify and GET /sandbox/otp/latest. */
export function registerAccountManagementRoutes(app: App): void {
  const { delivery, outbox } = otpDeliveryFor(app.cashdesk, app.log);

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
        sessionId: session.sessionId,
        secret: deps.config.secret,
        delivery,
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
  registerEndpoint(app, ENDPOINTS.sandboxLatestOtp, async ({ session }) => {
    const message = await outbox?.latest(session.sessionId);
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
