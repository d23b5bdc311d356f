/**
 * The one RTK Query API slice (SPEC §7): typed from the contract's endpoint table, x-session-id
 * on every call, answers validated, unused data kept 60 s (SPEC §9), errors normalised (SPEC §8),
 * Idempotency-Key and an abort signal on submits. Feature folders add their own calls with
 * `cashierApi.injectEndpoints` and {@link endpointQuery}.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { Endpoint } from '@cashdesk/contract';
import { QUERY_KEEP_UNUSED_S } from '@cashdesk/domain';
import type { PaymentFlow } from '@cashdesk/domain';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { storedFingerprint } from '../storage/fingerprint';
import { callEndpoint } from './http';
import type { ApiError, CallOptions, CallResult, ResponseOf } from './http';
import { takePrefetchedInit } from './prefetch';

/** The part of the store state the API reads: the session id. */
interface SessionSlice {
  readonly session: { readonly sessionId: string | null };
}

function isSessionState(state: unknown): state is SessionSlice {
  if (typeof state !== 'object' || state === null || !('session' in state)) return false;
  const { session } = state;
  return typeof session === 'object' && session !== null && 'sessionId' in session;
}

/** The session id in the store (SPEC §6: every call carries it). */
export function sessionIdOf(state: unknown): string | null {
  if (!isSessionState(state)) return null;
  const id = state.session.sessionId;
  return typeof id === 'string' ? id : null;
}

/** Calls an endpoint row with the store's session id; for `queryFn`s of injected endpoints. */
export function endpointQuery<E extends Endpoint>(
  endpoint: E,
  getState: () => unknown,
  options: Omit<CallOptions<E>, 'sessionId'> = {},
): Promise<CallResult<ResponseOf<E>>> {
  return callEndpoint(endpoint, { ...options, sessionId: sessionIdOf(getState()) });
}

/**
 * SPEC §7 init of `flow`, taking the shell's prefetched answer once. An answer the document
 * carried (startup/inlined-data.ts) that the contract's schema refuses is asked for again.
 */
async function initCall<E extends Endpoint>(
  endpoint: E,
  flow: PaymentFlow,
  sessionId: string | null,
  signal: AbortSignal,
): Promise<CallResult<ResponseOf<E>>> {
  const prefetched = takePrefetchedInit(flow, sessionId);
  const result = await callEndpoint(endpoint, {
    sessionId,
    signal,
    pending: prefetched?.response ?? null,
  });
  if ('error' in result && prefetched?.inlined === true) {
    return callEndpoint(endpoint, { sessionId, signal });
  }
  return result;
}

/** SPEC §7 tags so a submit can refresh the balance and method list. */
export const API_TAGS = ['Init', 'Method', 'Cards'] as const;

/** Select arguments: the pay group and the currency (SPEC §7 body {currency}). */
export interface SelectArgs {
  readonly payGroupId: string;
  readonly currency: string;
}

/** The API slice; features inject their endpoints into it. */
export const cashierApi = createApi({
  reducerPath: 'cashierApi',
  baseQuery: fakeBaseQuery<ApiError>(),
  keepUnusedDataFor: QUERY_KEEP_UNUSED_S,
  tagTypes: API_TAGS,
  endpoints: (build) => ({
    /** SPEC §7 GET payments/groups/init (taking the shell's prefetched answer once). */
    depositInit: build.query<ResponseOf<typeof ENDPOINTS.depositInit>, undefined>({
      queryFn: (_arg, { getState, signal }) =>
        initCall(ENDPOINTS.depositInit, 'deposit', sessionIdOf(getState()), signal),
      providesTags: ['Init'],
    }),
    /** SPEC §7 GET payouts/groups/init (taking the shell's prefetched answer once). */
    payoutInit: build.query<ResponseOf<typeof ENDPOINTS.payoutInit>, undefined>({
      queryFn: (_arg, { getState, signal }) =>
        initCall(ENDPOINTS.payoutInit, 'withdrawal', sessionIdOf(getState()), signal),
      providesTags: ['Init'],
    }),
    /** SPEC §7 POST payments/groups/{payGroupId}/select {currency}; cached per group. */
    depositSelect: build.query<ResponseOf<typeof ENDPOINTS.depositSelect>, SelectArgs>({
      queryFn: ({ payGroupId, currency }, { getState, signal }) =>
        endpointQuery(ENDPOINTS.depositSelect, getState, {
          pathParams: { payGroupId },
          body: { currency },
          signal,
        }),
      providesTags: ['Method'],
    }),
    /** SPEC §7 POST payouts/groups/{payGroupId}/select {currency}: withdrawal method detail. */
    payoutSelect: build.query<ResponseOf<typeof ENDPOINTS.payoutSelect>, SelectArgs>({
      queryFn: ({ payGroupId, currency }, { getState, signal }) =>
        endpointQuery(ENDPOINTS.payoutSelect, getState, {
          pathParams: { payGroupId },
          body: { currency },
          signal,
        }),
      providesTags: ['Method'],
    }),
    /** SPEC §7 GET /user-cards, with X-Fingerprint when PH_fingerprint is stored. */
    userCards: build.query<ResponseOf<typeof ENDPOINTS.userCardsList>, undefined>({
      queryFn: (_arg, { getState, signal }) =>
        endpointQuery(ENDPOINTS.userCardsList, getState, {
          signal,
          fingerprint: storedFingerprint(),
        }),
      providesTags: ['Cards'],
    }),
    /** SPEC §2, §4 GET notifications: the brand's and the player's own, oldest first. */
    notifications: build.query<ResponseOf<typeof ENDPOINTS.notifications>, undefined>({
      queryFn: (_arg, { getState, signal }) =>
        endpointQuery(ENDPOINTS.notifications, getState, { signal }),
    }),
  }),
});

export const {
  useDepositInitQuery,
  usePayoutInitQuery,
  useDepositSelectQuery,
  usePayoutSelectQuery,
  useUserCardsQuery,
  useNotificationsQuery,
} = cashierApi;
