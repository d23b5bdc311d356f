/**
 * The homepage state of SPEC §3 "carousel" (isInitialLoad, isCarouselViewChanged) plus the type
 * filter the player picked (SPEC §4). It lives in the store, not in the page, so that it is
 * remembered while the player goes to a method page and comes back: the automatic method choice
 * runs on the first load only, the carousel stays switched off once the player switched it off,
 * and the list keeps its filter.
 *
 * @packageDocumentation
 */
import type { MethodTypeFilter } from '@cashdesk/domain';
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '../../../app/store';

/** SPEC §3 carousel state, as far as the homepage needs it. */
export interface DepositHomeState {
  /** The first load is over (the automatic choice has been decided): carousel `isInitialLoad` cleared. */
  readonly initialLoadDone: boolean;
  /** The player switched the carousel view off (carousel `isCarouselViewChanged`). */
  readonly carouselSwitchedOff: boolean;
  /** The type filter in use (SPEC §4 type display order); `all` until the player picks one. */
  readonly filter: MethodTypeFilter;
}

const initialState: DepositHomeState = {
  initialLoadDone: false,
  carouselSwitchedOff: false,
  filter: 'all',
};

export const depositHomeSlice = createSlice({
  name: 'depositHome',
  initialState,
  reducers: {
    /** SPEC §2: the initial load is done; later visits skip the automatic choice. */
    initialLoadFinished: (state) => ({ ...state, initialLoadDone: true }),
    /** SPEC §2: the player switched the carousel view off (or back on). */
    carouselViewToggled: (state) => ({ ...state, carouselSwitchedOff: !state.carouselSwitchedOff }),
    /** SPEC §4: the player picked a type filter. */
    filterChosen: (state, action: PayloadAction<MethodTypeFilter>) => ({
      ...state,
      filter: action.payload,
    }),
  },
  selectors: {
    selectInitialLoadDone: (state) => state.initialLoadDone,
    selectCarouselSwitchedOff: (state) => state.carouselSwitchedOff,
    selectFilter: (state) => state.filter,
  },
});

declare module '../../../app/store' {
  export interface LazyLoadedSlices {
    depositHome: DepositHomeState;
  }
}

/** The slice injected into the root reducer when this chunk loads (combineSlices). */
export const injectedDepositHome = depositHomeSlice.injectInto(rootReducer);

export const { initialLoadFinished, carouselViewToggled, filterChosen } = depositHomeSlice.actions;
export const { selectInitialLoadDone, selectCarouselSwitchedOff, selectFilter } =
  injectedDepositHome.selectors;
