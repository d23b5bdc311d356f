/**
 * The one-time-code sender the configuration names (OTP_SENDER, config/otp.ts): the sandbox outbox,
 * the operator's messaging service over HTTP, or none. Production never gets the sandbox outbox
 * unless OTP_ALLOW_SANDBOX_IN_PRODUCTION=true (loadConfig refuses otherwise). An operator
 * embedding the server passes its own sender to createApp (`otpSender`) instead.
 *
 * @packageDocumentation
 */
import type { OtpSenderConfig } from '../../../config';
import type { Database } from '../../../db/open';
import { HttpOtpSender } from './http-sender';
import { UnconfiguredOtpSender } from './otp-sender';
import type { OtpLog, OtpSender } from './otp-sender';
import { SandboxOtpOutbox } from './sandbox-outbox';

/** What the configured senders need besides their settings. */
export interface OtpSenderDeps {
  /** The sandbox outbox keeps the latest code of each session here. */
  readonly db: Database;
  readonly log: OtpLog;
  /** The clock the HTTP sender's signatures are timed by. */
  readonly clock: () => Date;
}

/** Builds the configured sender. */
export function createOtpSender(config: OtpSenderConfig, deps: OtpSenderDeps): OtpSender {
  switch (config.kind) {
    case 'sandbox':
      return new SandboxOtpOutbox(deps.db, deps.log);
    case 'none':
      return new UnconfiguredOtpSender(deps.log);
    case 'http':
      return new HttpOtpSender({
        url: config.url,
        key: config.key,
        timeoutMs: config.timeoutMs,
        attempts: config.attempts,
        clock: deps.clock,
        log: deps.log,
      });
  }
}
