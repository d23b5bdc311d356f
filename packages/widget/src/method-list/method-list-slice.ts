/**
 * The method-list state of SPEC §3 "carousel" (isInitialLoad, isCarouselViewChanged) plus the
 * type filter the player picked (SPEC §4), kept apart for the deposit and the withdrawal list. It
 * lives in the store, not in the page, so that it is remembered while the player goes to a method
 * page and comes back: the automatic method choice runs on the first load only, the carousel
 * stays switched off once the player switched it off, and the list keeps its filter.
 *
 * @packageDocumentation
 */
import type { MethodTypeFilter, PaymentFlow } from '@cashdesk/domain';
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '../store/store';

/** The two method lists (SPEC §2 homepages). */
export type ListFlow = PaymentFlow;

/** SPEC §3 carousel state of one list, as far as the homepage needs it. */
export interface MethodListState {
  /** The first load is over (the automatic choice has been decided): carousel `isInitialLoad` cleared. */
  readonly initialLoadDone: boolean;
  /** The player switched the carousel view off (carousel `isCarouselViewChanged`). */
  readonly carouselSwitchedOff: boolean;
  /** The type filter in use (SPEC §4 type display order); `all` until the player picks one. */
  readonly filter: MethodTypeFilter;
}

/** Both lists' state. */
export type MethodListsState = Readonly<Record<ListFlow, MethodListState>>;

const listInitialState: MethodListState = {
  initialLoadDone: false,
  carouselSwitchedOff: false,
  filter: 'all',
};

const initialState: MethodListsState = { deposit: listInitialState, withdrawal: listInitialState };

function update(
  state: MethodListsState,
  flow: ListFlow,
  change: (list: MethodListState) => MethodListState,
): MethodListsState {
  return { ...state, [flow]: change(state[flow]) };
}

export const methodListSlice = createSlice({
  name: 'methodList',
  initialState,
  reducers: {
    /** SPEC §2: the initial load is done; later visits skip the automatic choice. */
    initialLoadFinished: (state, action: PayloadAction<ListFlow>) =>
      update(state, action.payload, (list) => ({ ...list, initialLoadDone: true })),
    /** SPEC §2: the player switched the carousel view off (or back on). */
    carouselViewToggled: (state, action: PayloadAction<ListFlow>) =>
      update(state, action.payload, (list) => ({
        ...list,
        carouselSwitchedOff: !list.carouselSwitchedOff,
      })),
    /** SPEC §4: the player picked a type filter. */
    filterChosen: (
      state,
      action: PayloadAction<{ readonly flow: ListFlow; readonly filter: MethodTypeFilter }>,
    ) => update(state, action.payload.flow, (list) => ({ ...list, filter: action.payload.filter })),
  },
  selectors: {
    selectList: (state, flow: ListFlow) => state[flow],
  },
});

declare module '../store/store' {
  export interface LazyLoadedSlices {
    methodList: MethodListsState;
  }
}

/** The slice injected into the root reducer when this chunk loads (combineSlices). */
export const injectedMethodList = methodListSlice.injectInto(rootReducer);

export const { initialLoadFinished, carouselViewToggled, filterChosen } = methodListSlice.actions;
export const { selectList } = injectedMethodList.selectors;
