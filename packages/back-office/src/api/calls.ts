/**
 * The calls the back office makes, typed by the contract: its own (/api/back-office/v1: signing
 * in, the session, links) and the operator API's (/api/operator/v1) under the staff session.
 */
import { OPERATOR_BASE, STAFF_BASE } from '@cashdesk/contract/values';
import type {
  AdjustmentAnswer,
  AuditPage,
  OperatorPlayer,
  OperatorTransaction,
  PayoutDecisionResponse,
  PlayerPage,
  RefundAnswer,
  RefundList,
  StaffEnrolment,
  StaffLinkInfo,
  StaffSession,
  TransactionDocumentList,
  TransactionPage,
  TransactionTimeline,
} from '@cashdesk/contract';
import type * as z from 'zod/mini';
import { call, callNoContent, withQuery } from './http';
import type { Query } from './http';

/** The answer type of a contract schema. */
type Answer<S extends z.ZodMiniType> = z.infer<S>;

export type Session = StaffSession;
export type Transaction = OperatorTransaction;
export type Refund = Answer<typeof RefundList>['refunds'][number];
export type Player = OperatorPlayer;
export type AuditEntries = Answer<typeof AuditPage>;
export type Enrolment = Answer<typeof StaffEnrolment>;
export type LinkInfo = Answer<typeof StaffLinkInfo>;

// --- the back office's own calls -------------------------------------------------------------

export const signIn = (email: string, password: string): Promise<Session> =>
  call('POST', `${STAFF_BASE}/session`, { body: { email, password }, reportSignedOut: false });

export const giveSecondFactor = (code: string): Promise<Session> =>
  call('POST', `${STAFF_BASE}/session/second-factor`, { body: { code } });

export const startEnrolment = (): Promise<Enrolment> =>
  call('POST', `${STAFF_BASE}/session/second-factor/enrolment`);

export const confirmEnrolment = (code: string): Promise<Session> =>
  call('PUT', `${STAFF_BASE}/session/second-factor/enrolment`, { body: { code } });

/**
 * The current code of a published demo account (sandbox only): `undefined` outside the sandbox
 * or for any other account.
 */
export const demoCode = (email: string): Promise<string | undefined> =>
  call<{ readonly code: string }>('GET', withQuery(`${STAFF_BASE}/sandbox/demo-code`, { email }), {
    reportSignedOut: false,
  }).then(
    (answer) => answer.code,
    () => undefined,
  );

export const readSession = (): Promise<Session> =>
  call('GET', `${STAFF_BASE}/session`, { reportSignedOut: false });

export const signOut = (): Promise<void> =>
  callNoContent('DELETE', `${STAFF_BASE}/session`, { reportSignedOut: false });

export const checkLink = (token: string): Promise<LinkInfo> =>
  call('POST', `${STAFF_BASE}/password/check`, { body: { token }, reportSignedOut: false });

export const setPassword = (token: string, password: string): Promise<void> =>
  callNoContent('POST', `${STAFF_BASE}/password`, {
    body: { token, password },
    reportSignedOut: false,
  });

// --- transactions ----------------------------------------------------------------------------

const transactionPath = (id: string): string =>
  `${OPERATOR_BASE}/transactions/${encodeURIComponent(id)}`;

export const listTransactions = (query: Query): Promise<TransactionPage> =>
  call('GET', `${OPERATOR_BASE}/transactions`, { query });

/** The CSV export's address for the same filters (the browser downloads it under the cookie). */
export const exportAddress = (query: Query): string =>
  withQuery(`${OPERATOR_BASE}/transactions.csv`, query);

export const listRefunds = (id: string): Promise<Answer<typeof RefundList>> =>
  call('GET', `${transactionPath(id)}/refunds`);

export const refund = (
  id: string,
  request: { readonly amount?: string; readonly reason: string },
  idempotencyKey: string,
): Promise<Answer<typeof RefundAnswer>> =>
  call('POST', `${transactionPath(id)}/refunds`, { body: request, idempotencyKey });

type Decided = Promise<Answer<typeof PayoutDecisionResponse>>;

export const cancelTransaction = (id: string, reason: string): Decided =>
  call('POST', `${transactionPath(id)}/cancel`, { body: { reason } });

export const approvePayout = (id: string, reason: string | undefined): Decided =>
  call('POST', `${transactionPath(id)}/approve`, {
    body: reason === undefined ? {} : { reason },
  });

export const rejectPayout = (id: string, reason: string | undefined): Decided =>
  call('POST', `${transactionPath(id)}/reject`, {
    body: reason === undefined ? {} : { reason },
  });

export type Timeline = Answer<typeof TransactionTimeline>;

/** Everything recorded about a transaction, oldest first, and where its provider call stands. */
export const readTimeline = (id: string): Promise<Timeline> =>
  call('GET', `${transactionPath(id)}/timeline`);

export type TransactionDocument = TransactionDocumentList['documents'][number];

/** The documents the player uploaded to a transaction (a bank transfer's receipt), oldest first. */
export const listDocuments = (id: string): Promise<TransactionDocumentList> =>
  call('GET', `${transactionPath(id)}/documents`);

/** The address of one document's bytes (fetched under the session, saved as an attachment). */
export const documentAddress = (id: string, documentId: string): string =>
  `${transactionPath(id)}/documents/${encodeURIComponent(documentId)}`;

// --- players ---------------------------------------------------------------------------------

const playerPath = (externalId: string): string =>
  `${OPERATOR_BASE}/players/${encodeURIComponent(externalId)}`;

export const listPlayers = (query: Query): Promise<PlayerPage> =>
  call('GET', `${OPERATOR_BASE}/players`, { query });

export const readPlayer = (externalId: string): Promise<Player> =>
  call('GET', playerPath(externalId));

export const blockPlayer = (externalId: string, reason: string | undefined): Promise<Player> =>
  call('POST', `${playerPath(externalId)}/block`, {
    body: reason === undefined ? {} : { reason },
  });

export const unblockPlayer = (externalId: string, reason: string | undefined): Promise<Player> =>
  call('POST', `${playerPath(externalId)}/unblock`, {
    body: reason === undefined ? {} : { reason },
  });

export const adjustBalance = (
  externalId: string,
  request: {
    readonly direction: 'credit' | 'debit';
    readonly amount: string;
    readonly currency: string;
    readonly reason: string;
  },
  idempotencyKey: string,
): Promise<Answer<typeof AdjustmentAnswer>> =>
  call('POST', `${playerPath(externalId)}/adjustments`, { body: request, idempotencyKey });

// --- audit -----------------------------------------------------------------------------------

export const listAudit = (query: Query): Promise<AuditEntries> =>
  call('GET', `${OPERATOR_BASE}/audit`, { query });

/** Sets the player's own limits of one flow and currency (both bounds null removes them). */
export const setPlayerLimit = (
  externalId: string,
  limit: Player['limits'][number],
): Promise<Player> => call('PATCH', playerPath(externalId), { body: { limits: [limit] } });

export const updateVerification = (
  externalId: string,
  verification_status: Player['verification_status'],
): Promise<Player> => call('PATCH', playerPath(externalId), { body: { verification_status } });
