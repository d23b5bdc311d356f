/**
 * The HTTP client of the operator wallet protocol (./protocol.ts): signs each request
 * (http/signing.ts), gives up after its time-out, validates the answer, and sorts every failure
 * into one of two kinds, as the provider connectors do:
 * - {@link WalletNotReachedError}: the request certainly never reached the wallet (the connection
 *   was refused): nothing moved;
 * - {@link WalletCallError}: the outcome is unknown (a time-out, a lost connection, a 5xx, an
 *   answer that does not fit the protocol): the wallet may have applied it, so the same operation
 *   is sent again later with the same operation id.
 *
 * Nothing here logs; the callers log the operation id, never the secret.
 *
 * @packageDocumentation
 */
import type * as z from 'zod';
import { connectionRefused } from '../../providers/http/http-provider';
import { signatureHeaders } from '../../http/signing';
import type { OperatorWalletSettings } from '../../config';
import {
  AuthorizeRequest,
  CancelRequest,
  MovementAnswer,
  TransferRequest,
  VerifyAnswer,
  VerifyRequest,
  WALLET_ROUTES,
  WalletErrorAnswer,
} from './protocol';
import type { WalletRoute } from './protocol';

/** A call whose outcome is unknown (see the module comment). */
export class WalletCallError extends Error {
  override readonly name = 'WalletCallError';
  constructor(
    readonly route: WalletRoute,
    readonly failure: 'timeout' | 'network' | 'http' | 'malformed',
    message: string,
    readonly httpStatus?: number,
    options?: { cause?: unknown },
  ) {
    super(`wallet ${route}: ${message}`, options);
  }
}

/** A call that certainly never reached the wallet. */
export class WalletNotReachedError extends Error {
  override readonly name = 'WalletNotReachedError';
}

/** A `/verify` of a player the wallet does not know (`404`). */
export class UnknownWalletPlayerError extends Error {
  override readonly name = 'UnknownWalletPlayerError';
}

/** The four calls of the protocol. */
export class OperatorWalletClient {
  readonly #settings: OperatorWalletSettings;

  constructor(settings: OperatorWalletSettings) {
    this.#settings = { ...settings, url: settings.url.replace(/\/+$/, '') };
  }

  /** The player's balance. @throws {UnknownWalletPlayerError} on a 404. */
  async verify(request: VerifyRequest): Promise<VerifyAnswer> {
    return this.#call('verify', VerifyRequest, request, VerifyAnswer);
  }

  async authorize(request: AuthorizeRequest): Promise<MovementAnswer> {
    return this.#call('authorize', AuthorizeRequest, request, MovementAnswer);
  }

  async transfer(request: TransferRequest): Promise<MovementAnswer> {
    return this.#call('transfer', TransferRequest, request, MovementAnswer);
  }

  async cancel(request: CancelRequest): Promise<MovementAnswer> {
    return this.#call('cancel', CancelRequest, request, MovementAnswer);
  }

  async #call<I extends z.ZodType, O extends z.ZodType>(
    route: WalletRoute,
    requestSchema: I,
    request: z.input<I>,
    answerSchema: O,
  ): Promise<z.output<O>> {
    const body = JSON.stringify(requestSchema.parse(request));
    const timeout = AbortSignal.timeout(this.#settings.timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${this.#settings.url}${WALLET_ROUTES[route]}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // Signed at the real time, not the app's clock: the wallet checks the timestamp against
          // its own clock to refuse a replayed request.
          ...signatureHeaders(this.#settings.key, body, new Date()),
        },
        body,
        signal: timeout,
        redirect: 'error',
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (connectionRefused(error)) {
        throw new WalletNotReachedError(`wallet ${route}: the connection was refused`, {
          cause: error,
        });
      }
      const failure = timeout.aborted ? 'timeout' : 'network';
      throw new WalletCallError(route, failure, failure, undefined, { cause: error });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (status === 200) {
      const parsed = answerSchema.safeParse(json);
      if (parsed.success) return parsed.data;
      throw new WalletCallError(route, 'malformed', 'the answer does not fit the protocol', status);
    }
    const error = WalletErrorAnswer.safeParse(json);
    if (route === 'verify' && status === 404) {
      throw new UnknownWalletPlayerError('the wallet does not know the player');
    }
    const code = error.success ? error.data.error.code : 'no error body';
    throw new WalletCallError(route, 'http', `answered ${String(status)} (${code})`, status);
  }
}
