/**
 * The Redux store: the shared session and UI slices, the API slice, and feature slices injected
 * when their screen loads (combineSlices), so a feature's state code is in the feature's chunk.
 * A rejected call carrying code 17 marks the session expired wherever it came from (SPEC §4, §8).
 *
 * @packageDocumentation
 */
import {
  combineSlices,
  configureStore,
  createListenerMiddleware,
  isRejectedWithValue,
} from '@reduxjs/toolkit';
import { cashierApi } from '../api/cashier-api';
import { isApiError, isSessionExpiredApiError } from '../api/http';
import { realtimeSlice } from '../realtime/realtime-slice';
import { initialSessionState, sessionExpired, sessionSlice } from './session-slice';
import type { Startup } from '../startup/startup';
import { uiSlice } from './ui-slice';

/** Feature slices register their state type here by declaration merging. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by features
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  sessionSlice,
  uiSlice,
  realtimeSlice,
  cashierApi,
).withLazyLoadedSlices<LazyLoadedSlices>();

/** Builds the store with the start-up state preloaded. */
export function createAppStore(startup: Startup, now: number = Date.now()) {
  const listener = createListenerMiddleware();
  listener.startListening({
    predicate: (action) =>
      isRejectedWithValue(action) &&
      isApiError(action.payload) &&
      isSessionExpiredApiError(action.payload),
    effect: (_action, api) => {
      api.dispatch(sessionExpired());
    },
  });
  return configureStore({
    reducer: rootReducer,
    preloadedState: { session: initialSessionState(startup, now) },
    middleware: (getDefault) =>
      getDefault().prepend(listener.middleware).concat(cashierApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
