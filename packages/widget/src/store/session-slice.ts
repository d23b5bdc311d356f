/**
 * Shared session state (SPEC §3 "Shared session state", §4 "Session"): who and where the
 * cashier is, whether the session expired, and the merchant return addresses of the init answer.
 *
 * @packageDocumentation
 */
import {
  checkSessionExpiry,
  decideClientEnvironment,
  INITIAL_SESSION_EXPIRY,
  isStatusPageMode,
  parseStartupParams,
  sessionExpiryFromServer,
  setSessionExpired,
} from '@cashdesk/domain';
import type {
  ClientEnvironment,
  PageParameters,
  PaymentFlow,
  SessionExpiryState,
} from '@cashdesk/domain';
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { ShippedLanguage, Startup } from '../startup/startup';

/** SPEC §3: merchant return URLs kept from the init answer. */
export interface MerchantUrls {
  readonly merchantUrl: string | null;
  readonly merchantSuccessUrl: string | null;
  readonly merchantFailUrl: string | null;
  readonly merchantProcessingUrl: string | null;
  readonly merchantRedirectType: string | null;
}

/** SPEC §3 shared session state (the parts the widget uses). */
export interface SessionState extends SessionExpiryState {
  readonly sessionId: string | null;
  readonly paymentFlow: PaymentFlow;
  readonly lang: ShippedLanguage;
  readonly brand: string;
  readonly theme: string;
  readonly isLla: boolean;
  readonly params: PageParameters;
  readonly environment: ClientEnvironment;
  readonly isCustomIframeMode: boolean;
  /** SPEC §2 modes: the host shows the status pages alone (`mode=status_page`). */
  readonly isStatusPageMode: boolean;
  readonly merchant: MerchantUrls;
  readonly userBalance: string;
  /** The player's country (ISO alpha-2) from the init answer's profile, `null` until then. */
  readonly countryCode: string | null;
}

const NO_MERCHANT_URLS: MerchantUrls = {
  merchantUrl: null,
  merchantSuccessUrl: null,
  merchantFailUrl: null,
  merchantProcessingUrl: null,
  merchantRedirectType: null,
};

/** The session state start-up decided. */
export function initialSessionState(startup: Startup, now: number): SessionState {
  const expiry = checkSessionExpiry({
    state: INITIAL_SESSION_EXPIRY,
    sessionId: startup.params.sessionId,
    now,
    isLla: startup.page.isLla,
  });
  return {
    // Expired without a session id (SPEC §4). The session began before this page, so its end is
    // unknown until the server's first answer names it (x-session-expires-in, sessionTimeKnown):
    // no time is stored before that.
    isSessionExpired: expiry.isSessionExpired,
    sessionExpirationTime: null,
    sessionId: startup.params.sessionId,
    paymentFlow: startup.page.flow,
    lang: startup.language,
    brand: startup.params.brand,
    theme: startup.theme.theme,
    isLla: startup.page.isLla,
    params: startup.params,
    environment: startup.environment,
    isCustomIframeMode: startup.inFrame,
    isStatusPageMode: isStatusPageMode(startup.params.mode),
    merchant: NO_MERCHANT_URLS,
    userBalance: '0',
    countryCode: null,
  };
}

/**
 * The state before start-up (a deposit page without a session): the store is always created
 * with the start-up state preloaded, so this only gives the slice its shape.
 */
const EMPTY_PARAMS = parseStartupParams('http://localhost/deposit', {
  windowWidth: 0,
  windowHeight: 0,
});

export const EMPTY_SESSION_STATE: SessionState = {
  ...INITIAL_SESSION_EXPIRY,
  isSessionExpired: true,
  sessionId: null,
  paymentFlow: 'deposit',
  lang: 'en',
  brand: EMPTY_PARAMS.brand,
  theme: 'brand0',
  isLla: false,
  params: EMPTY_PARAMS,
  environment: decideClientEnvironment({}),
  isCustomIframeMode: false,
  isStatusPageMode: false,
  merchant: NO_MERCHANT_URLS,
  userBalance: '0',
  countryCode: null,
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState: EMPTY_SESSION_STATE,
  reducers: {
    /** SPEC §4 / §8: code 17 or an explicit expiry marks the session expired. */
    sessionExpired: (state) => ({ ...state, ...setSessionExpired(state) }),
    /**
     * SPEC §4: the host handed over a new session of the same player after this one ended, taken
     * in place (app/session-renewal.tsx): calls go under it from now on, and it lives; its end is
     * unknown until the server's next answer names it.
     */
    sessionRenewed: (state, action: PayloadAction<string>) => ({
      ...state,
      ...INITIAL_SESSION_EXPIRY,
      sessionId: action.payload,
      params: { ...state.params, sessionId: action.payload },
    }),
    /**
     * SPEC §4: an answer of the server said how long the session has left (`now`: when it
     * arrived, epoch ms); the expiration time stored follows it.
     */
    sessionTimeKnown: (state, action: PayloadAction<{ now: number; remainingMs: number }>) => ({
      ...state,
      ...sessionExpiryFromServer(state, action.payload),
    }),
    /** SPEC §3: merchant URLs, balance and the player's country of the init answer. */
    initReceived: (
      state,
      action: PayloadAction<{
        merchant: MerchantUrls;
        userBalance: string;
        countryCode: string | null;
      }>,
    ) => ({
      ...state,
      merchant: action.payload.merchant,
      userBalance: action.payload.userBalance,
      countryCode: action.payload.countryCode,
    }),
    /** The balance after a submit. */
    balanceChanged: (state, action: PayloadAction<string>) => ({
      ...state,
      userBalance: action.payload,
    }),
  },
});

export const { sessionExpired, sessionRenewed, sessionTimeKnown, initReceived, balanceChanged } =
  sessionSlice.actions;
