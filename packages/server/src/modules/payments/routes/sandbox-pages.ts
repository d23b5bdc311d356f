/**
 * The sandbox provider's pages ("The 3-D Secure challenge is a small page served by the
 * server that returns to the cashier's 3DS result route"), sandbox mode only:
 *
 * - `GET /sandbox/3ds/{transactionId}`: the 3-D Secure challenge page (contract row
 *   sandboxThreeDsChallenge); its Pass / Fail buttons post `result=pass|fail` back to the same
 *   address;
 * - `POST /sandbox/3ds/{transactionId}`: `provider.complete3ds`, the outcome applied to the
 *   transaction (modules/payments/provider-outcomes.ts), then `303` to the cashier's 3DS result
 *   route (`threeDsRedirectAddress`: `/3ds_result?transaction_id=…&status=success|error`);
 * - `GET /sandbox/interaction/{transactionId}`: the "provider page" of an alternative payment,
 *   also usable to pay an awaiting, QR-code or voucher payment at once;
 * - `POST /sandbox/interaction/{transactionId}`: `completeInteraction(action=approve|decline)`,
 *   the status applied, then `303` to the deposit's success or fail address.
 *
 * The path parameter is the transaction id, or the sandbox provider reference: the sandbox writes
 * its challenge and interaction URLs with the reference (`/sandbox/3ds/sbx.d.challenge…`) and the
 * server passes them to the widget unchanged, so both must open the page. (The contract row's
 * TransactionId pattern has no dot, which the reference has; this route validates the parameter
 * itself for that reason.) The reference or id is the capability: both are unguessable and only
 * ever sent to the paying player. The `return_url` query of the contract row is ignored: the
 * browser only ever goes back to the addresses the deposit was authorised with, never to an
 * address from the query (no open redirect).
 *
 * The sandbox keeps the page details (`paymentView`: merchant, card's last four digits, return
 * addresses) in the database, so any server process serves the page of a payment another one
 * authorised, and a restart loses nothing. For a reference the sandbox holds no details of (made
 * before it kept them there) the pages show the transaction's own amount, currency and brand, and
 * return to the addresses deposit submit kept on the transaction (or, for a transaction without
 * them, the ones {@link fallbackReturnUrls} rebuilds).
 *
 * Every HTML answer carries a strict Content-Security-Policy: nothing may load, the inline style
 * and the one inline script (which tells a parent frame the page's height) run only with the
 * per-answer nonce, the form may post only
 * to this server and redirect to the cashier, and only the cashier (the widget's origin, which
 * frames the challenge) and this server may frame the page.
 *
 * @packageDocumentation
 */
import { randomBytes } from 'node:crypto';
import Big from 'big.js';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { roundToPrecision } from '@cashdesk/domain';
import type { ServerConfig } from '../../../config';
import type { Executor } from '../../../db/open';
import { brands, payGroups, players, savedCards } from '../../../db/schema';
import { ApiError } from '../../../http/api-error';
import type { App, AppDeps } from '../../../http/app-types';
import {
  SandboxProvider,
  cashierThreeDsReturnUrl,
  interactionRedirectAddress,
  parseInteractionAction,
  parseRef,
  renderInteractionPage,
  renderThreeDsChallengePage,
  threeDsRedirectAddress,
} from '../../../providers';
import type {
  ProviderStatus,
  ReturnUrls,
  SandboxPaymentView,
  SandboxStep,
  ThreeDsOutcome,
} from '../../../providers';
import { isFinalStatus } from '../transactions';
import { findByProviderReference, getTransaction, providerDataOf } from '../transaction-repository';
import type { TransactionRow } from '../transaction-repository';
import { currencyPrecision } from '../transaction-money';
import { applyDepositOutcome, applyProviderStatus } from '../provider-outcomes';
import { counted } from '../payment-metrics';
import { providerOf } from '../payment-deps';
import { isUuid } from '../../../platform/ids';

/** Where the challenge page lives (the contract's sandboxThreeDsChallenge path). */
export const SANDBOX_THREE_DS_PATH = '/sandbox/3ds';
/** Where the interaction page lives (the sandbox provider's redirect URL). */
export const SANDBOX_INTERACTION_PATH = '/sandbox/interaction';

/** The steps the interaction page answers for (`SandboxProvider.completeInteraction`). */
const INTERACTION_STEPS: readonly SandboxStep[] = ['redirect', 'await', 'display_form', 'voucher'];

/** A transaction id (uuid) or a sandbox provider reference (`sbx.d.redirect.ok.…`). */
const PageParams = z.object({
  transactionId: z
    .string()
    .check(
      z.minLength(1),
      z.maxLength(128),
      z.regex(/^[A-Za-z0-9_.-]+$/, 'a transaction id or provider reference'),
    ),
});

/** The challenge page's form: `result` is pass or fail (anything else fails). */
const ThreeDsForm = z.object({ result: z.optional(z.string().check(z.maxLength(32))) });

/** The interaction page's form: `action` is approve or decline (anything else declines). */
const InteractionForm = z.object({ action: z.optional(z.string().check(z.maxLength(32))) });

/** Largest form body the pages accept (a button's name and value). */
const FORM_BODY_LIMIT_BYTES = 4096;

/** A payment behind a sandbox page. */
interface PagePayment {
  readonly row: TransactionRow;
  readonly ref: string;
  readonly step: SandboxStep;
  readonly provider: SandboxProvider;
  /** What the sandbox keeps for the page; `undefined` for a reference it holds no details of. */
  readonly view: SandboxPaymentView | undefined;
}

function originOf(url: string): string | undefined {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * The return addresses of a deposit when the sandbox does not know them (a reference it holds no
 * details of): the cashier's 3DS result route (`/3ds_result` for a card,
 * `/payments/3ds_result/{provider}` for other kinds), the alternative payment status route (SPEC
 * §2 /payments/status/{provider}, where the cashier polls the result) on success, and the deposit
 * error page on failure.
 */
export function fallbackReturnUrls(
  config: Pick<ServerConfig, 'widgetUrl'>,
  row: Pick<TransactionRow, 'id' | 'providerKind'>,
  providerName: string,
): ReturnUrls {
  const base = config.widgetUrl.replace(/\/+$/, '');
  const query = new URLSearchParams({ transaction_id: row.id }).toString();
  return {
    threeDsReturn: cashierThreeDsReturnUrl({
      widgetUrl: base,
      transactionId: row.id,
      provider: row.providerKind === 'card' ? undefined : providerName,
    }),
    success: `${base}/payments/status/${encodeURIComponent(providerName)}?${query}`,
    fail: `${base}/deposit/deposit-error?${query}`,
  };
}

/**
 * The Content-Security-Policy of a sandbox page: no resources, the inline style and script by
 * nonce, form posts to this server and redirects to the return addresses. Framing is open:
 * the page shows inside the widget, the widget inside whichever brand page embeds it, and
 * frame-ancestors is checked against every ancestor, so naming the widget alone would block the
 * page in every embedded cashier. The page is a sandbox stand-in that moves no money.
 */
export function sandboxPageCsp(input: {
  readonly nonce: string;
  readonly publicUrl: string;
  readonly returnUrls: ReturnUrls;
}): string {
  const formTargets = new Set<string>(["'self'"]);
  for (const url of [
    input.publicUrl,
    input.returnUrls.threeDsReturn,
    input.returnUrls.success,
    input.returnUrls.fail,
  ]) {
    const origin = originOf(url);
    if (origin !== undefined) formTargets.add(origin);
  }
  return [
    "default-src 'none'",
    `style-src 'nonce-${input.nonce}'`,
    `script-src 'nonce-${input.nonce}'`,
    `form-action ${[...formTargets].join(' ')}`,
    'frame-ancestors *',
    "base-uri 'none'",
  ].join('; ');
}

function parseParams(params: unknown): string {
  const parsed = z.safeParse(PageParams, params);
  if (!parsed.success) {
    throw new ApiError('invalidField', {
      field: 'params.transactionId',
      detail: 'not a transaction id or provider reference',
    });
  }
  return parsed.data.transactionId;
}

/**
 * The deposit behind a page address, in one of `steps`.
 *
 * @throws {ApiError} sandboxOnly outside sandbox mode; notFound for an unknown payment, a payout,
 * a payment the sandbox did not make, or one that never waited in `steps`.
 */
async function findPagePayment(
  deps: AppDeps,
  params: unknown,
  steps: readonly SandboxStep[],
): Promise<PagePayment> {
  if (deps.config.mode !== 'sandbox') {
    throw new ApiError('sandboxOnly', { detail: 'sandbox pages are sandbox-only' });
  }
  const id = parseParams(params);
  const row = isUuid(id)
    ? await getTransaction(deps.db, id)
    : await findByProviderReference(deps.db, id);
  // The sandbox of the payment's own connector (none for a payment of another kind of PSP).
  const provider =
    row !== undefined && deps.connectors.has(deps.connectors.resolve(row.connector))
      ? providerOf(deps, row)
      : undefined;
  const ref = row?.providerReference ?? null;
  const parsed = ref === null ? null : parseRef(ref);
  if (
    !(provider instanceof SandboxProvider) ||
    row === undefined ||
    row.flow !== 'deposit' ||
    ref === null ||
    parsed === null ||
    !steps.includes(parsed.step)
  ) {
    throw new ApiError('notFound', { field: 'params.transactionId', detail: 'no such payment' });
  }
  return { row, ref, step: parsed.step, provider, view: await provider.paymentView(ref) };
}

/**
 * The addresses the deposit returns to: as the provider was told at authorisation (the sandbox's
 * state, else the copy deposit submit keeps on the transaction), else rebuilt.
 */
function returnUrlsOf(deps: AppDeps, payment: PagePayment): ReturnUrls {
  return (
    payment.view?.returnUrls ??
    providerDataOf(payment.row).returnUrls ??
    fallbackReturnUrls(deps.config, payment.row, payment.provider.name)
  );
}

/** The final result of a finished transaction as a 3-D Secure outcome (for the redirect). */
function outcomeOfFinal(row: TransactionRow): ThreeDsOutcome {
  const providerRef = row.providerReference ?? row.id;
  return row.status === 'success'
    ? { outcome: 'approved', providerRef }
    : {
        outcome: 'declined',
        providerRef,
        reason: providerDataOf(row).declineReason ?? 'declined',
      };
}

/** The final result of a finished transaction as a provider status (for the redirect). */
function statusOfFinal(row: TransactionRow): ProviderStatus {
  const providerRef = row.providerReference ?? row.id;
  return row.status === 'success'
    ? { status: 'approved', providerRef }
    : { status: 'declined', providerRef, reason: providerDataOf(row).declineReason ?? 'declined' };
}

/** What a page shows of the payment. */
interface PageDetails {
  readonly amount: string;
  readonly currency: string;
  readonly merchantName: string;
  readonly payGroup: string;
  readonly cardLast4: string | undefined;
  readonly reference: string | undefined;
}

/**
 * What a page shows. Amount and currency always come from the transaction (the record the ledger
 * credits); merchant, method, card and reference from the sandbox's view when it holds the
 * payment's details, else from the transaction, its brand, pay group and saved card.
 */
async function pageDetails(db: Executor, payment: PagePayment): Promise<PageDetails> {
  const { row, view } = payment;
  const precision = await currencyPrecision(db, row.currency);
  const amount = roundToPrecision(new Big(row.amount), precision, 'down');
  if (view !== undefined) {
    return {
      amount,
      currency: row.currency,
      merchantName: view.merchantName,
      payGroup: view.payGroup,
      cardLast4: view.cardLast4,
      reference: view.reference,
    };
  }
  const [brand] = await db
    .select({ name: brands.name })
    .from(players)
    .innerJoin(brands, eq(brands.id, players.brandId))
    .where(eq(players.id, row.playerId));
  const [group] = await db
    .select({ shortName: payGroups.shortName })
    .from(payGroups)
    .where(eq(payGroups.id, row.payGroupId));
  const [card] =
    row.savedCardId === null
      ? []
      : await db
          .select({ last4: savedCards.last4 })
          .from(savedCards)
          .where(eq(savedCards.id, row.savedCardId));
  return {
    amount,
    currency: row.currency,
    merchantName: brand?.name ?? 'Cashdesk',
    payGroup: group?.shortName ?? 'sandbox',
    cardLast4: card?.last4,
    reference: providerDataOf(row).displayForm?.reference,
  };
}

function sendPage(
  reply: FastifyReply,
  deps: AppDeps,
  returnUrls: ReturnUrls,
  render: (nonce: string) => string,
): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const html = render(nonce);
  // The page's own frame-ancestors decides who may frame it, not the API answers' DENY.
  reply.raw.removeHeader('x-frame-options');
  return reply
    .code(200)
    .header(
      'content-security-policy',
      sandboxPageCsp({
        nonce,
        publicUrl: deps.config.publicUrl,
        returnUrls,
      }),
    )
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

function redirect(reply: FastifyReply, address: string): FastifyReply {
  return reply.code(303).header('cache-control', 'no-store').header('location', address).send();
}

function completionUrl(deps: AppDeps, base: string, row: TransactionRow): string {
  return `${deps.config.publicUrl}${base}/${encodeURIComponent(row.id)}`;
}

function invalidForm(name: string): ApiError {
  return new ApiError('invalidField', { field: `body.${name}`, detail: 'unexpected page form' });
}

/** The challenge page's answer (`result`); empty when missing, which fails the challenge. */
function threeDsAnswer(body: unknown): string {
  const parsed = z.safeParse(ThreeDsForm, body ?? {});
  if (!parsed.success) throw invalidForm('result');
  return parsed.data.result ?? '';
}

/** The interaction page's answer (`action`); anything but approve declines. */
function interactionAnswer(body: unknown): string | undefined {
  const parsed = z.safeParse(InteractionForm, body ?? {});
  if (!parsed.success) throw invalidForm('action');
  return parsed.data.action;
}

/** Parses a urlencoded form body into a plain object of its last values. */
function parseFormBody(body: string | Buffer): Record<string, string> {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  return Object.fromEntries(new URLSearchParams(text));
}

/** Registers the sandbox pages (see the module comment). */
export function registerSandboxPageRoutes(app: App): void {
  const deps = app.cashdesk;
  // A child scope, so that only these routes read urlencoded forms: the JSON API keeps refusing
  // them (a cross-site form could otherwise reach a JSON endpoint without a CORS preflight).
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
      (_request, body, parsed) => {
        parsed(null, parseFormBody(body));
      },
    );

    scope.get(`${SANDBOX_THREE_DS_PATH}/:transactionId`, async (request, reply) => {
      const payment = await findPagePayment(deps, request.params, ['challenge']);
      const returnUrls = returnUrlsOf(deps, payment);
      if (isFinalStatus(payment.row.status)) {
        return redirect(
          reply,
          threeDsRedirectAddress({
            threeDsReturn: returnUrls.threeDsReturn,
            transactionId: payment.row.id,
            outcome: outcomeOfFinal(payment.row),
          }),
        );
      }
      const details = await pageDetails(deps.db, payment);
      return sendPage(reply, deps, returnUrls, (nonce) =>
        renderThreeDsChallengePage({
          amount: details.amount,
          currency: details.currency,
          merchantName: details.merchantName,
          cardLast4: details.cardLast4,
          completionUrl: completionUrl(deps, SANDBOX_THREE_DS_PATH, payment.row),
          nonce,
        }),
      );
    });

    scope.post(
      `${SANDBOX_THREE_DS_PATH}/:transactionId`,
      async (request: FastifyRequest, reply) => {
        const payment = await findPagePayment(deps, request.params, ['challenge']);
        const result = threeDsAnswer(request.body);
        const returnUrls = returnUrlsOf(deps, payment);
        let row = payment.row;
        let outcome: ThreeDsOutcome;
        if (isFinalStatus(row.status)) {
          // Answered already (a second click, a second tab): the first answer stands.
          outcome = outcomeOfFinal(row);
        } else {
          const answered = await payment.provider.complete3ds(
            payment.ref,
            { fields: { result } },
            new Date(),
          );
          row = counted(deps, await applyDepositOutcome(deps.db, row, answered)).transaction;
          // The transaction is the truth: a status poll may have finished it first.
          outcome = isFinalStatus(row.status) ? outcomeOfFinal(row) : answered;
        }
        request.log.info(
          { transactionId: row.id, outcome: outcome.outcome },
          'sandbox 3-D Secure answered',
        );
        return redirect(
          reply,
          threeDsRedirectAddress({
            threeDsReturn: returnUrls.threeDsReturn,
            transactionId: row.id,
            outcome,
          }),
        );
      },
    );

    scope.get(`${SANDBOX_INTERACTION_PATH}/:transactionId`, async (request, reply) => {
      const payment = await findPagePayment(deps, request.params, INTERACTION_STEPS);
      const returnUrls = returnUrlsOf(deps, payment);
      if (isFinalStatus(payment.row.status)) {
        return redirect(reply, interactionRedirectAddress(returnUrls, statusOfFinal(payment.row)));
      }
      const details = await pageDetails(deps.db, payment);
      return sendPage(reply, deps, returnUrls, (nonce) =>
        renderInteractionPage({
          amount: details.amount,
          currency: details.currency,
          merchantName: details.merchantName,
          payGroup: details.payGroup,
          reference: details.reference,
          completionUrl: completionUrl(deps, SANDBOX_INTERACTION_PATH, payment.row),
          nonce,
        }),
      );
    });

    scope.post(
      `${SANDBOX_INTERACTION_PATH}/:transactionId`,
      async (request: FastifyRequest, reply) => {
        const payment = await findPagePayment(deps, request.params, INTERACTION_STEPS);
        const action = interactionAnswer(request.body);
        const returnUrls = returnUrlsOf(deps, payment);
        let row = payment.row;
        let status: ProviderStatus;
        if (isFinalStatus(row.status)) {
          status = statusOfFinal(row);
        } else {
          const answered = await payment.provider.completeInteraction(
            payment.ref,
            parseInteractionAction(action),
            new Date(),
          );
          row = counted(deps, await applyProviderStatus(deps.db, row, answered)).transaction;
          status = isFinalStatus(row.status) ? statusOfFinal(row) : answered;
        }
        request.log.info(
          { transactionId: row.id, status: status.status },
          'sandbox interaction answered',
        );
        return redirect(reply, interactionRedirectAddress(returnUrls, status));
      },
    );
    done();
  });
}
