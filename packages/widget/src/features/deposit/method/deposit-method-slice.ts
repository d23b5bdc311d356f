/**
 * Amount reporting of the method page (SPEC §4 "Amount reporting": the amount input records the
 * initial amount and, after a 1 second debounce, reports the changed amount).
 *
 * The reports themselves go to the clickstream (SPEC §7) from the shared
 * `method-form/use-amount-reporting.ts`, on both flows' method pages; the deposit page also keeps
 * them here as typed actions: `depositMethod/amountRecorded` once per method page with the initial
 * amount, then `depositMethod/amountChanged` with the previous and the new amount each time the
 * player's amount settles for {@link AMOUNT_CHANGE_DEBOUNCE_MS}, so the page's state can be seen
 * in the Redux dev tools and in tests.
 *
 * @packageDocumentation
 */
import type { AmountReported } from '../../../method-form/use-amount-reporting';
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '../../../store/store';

/** SPEC §4: the amount report of one method page. */
export interface AmountReport {
  readonly payGroupId: string;
  /** The amount the page started with (decimal text). */
  readonly initialAmount: string;
  /** The last amount reported (the initial one until the player changes it). */
  readonly amount: string;
  /** How many changes were reported. */
  readonly changes: number;
}

/**
 * SPEC §4: the analytics click events of the method page: toggling save card (with the new
 * state) and the ordinary submit button. Like the amount reports, they are typed actions the
 * analytics feature will publish; the slice counts them and keeps the last one.
 */
export interface MethodClick {
  readonly element: 'save_card' | 'submit_button';
  readonly payGroupId: string;
  /** The check box's new state, for save_card. */
  readonly checked?: boolean;
}

export interface DepositMethodState {
  readonly amountReport: AmountReport | null;
  readonly lastClick: MethodClick | null;
  readonly clicks: number;
}

const initialState: DepositMethodState = { amountReport: null, lastClick: null, clicks: 0 };

/** SPEC §4 `amountChanged` payload. */
export interface AmountChangedPayload {
  readonly payGroupId: string;
  readonly previousAmount: string;
  readonly amount: string;
}

export const depositMethodSlice = createSlice({
  name: 'depositMethod',
  initialState,
  reducers: {
    /** SPEC §4: the initial amount of a method page (once per page and pay group). */
    amountRecorded: (state, action: PayloadAction<{ payGroupId: string; amount: string }>) => ({
      ...state,
      amountReport: {
        payGroupId: action.payload.payGroupId,
        initialAmount: action.payload.amount,
        amount: action.payload.amount,
        changes: 0,
      },
    }),
    /** SPEC §4: the amount settled on a new value after the 1000 ms debounce. */
    amountChanged: (state, action: PayloadAction<AmountChangedPayload>) => {
      const report = state.amountReport;
      const base =
        report?.payGroupId === action.payload.payGroupId
          ? report
          : {
              payGroupId: action.payload.payGroupId,
              initialAmount: action.payload.previousAmount,
              amount: action.payload.previousAmount,
              changes: 0,
            };
      return {
        ...state,
        amountReport: { ...base, amount: action.payload.amount, changes: base.changes + 1 },
      };
    },
    /** SPEC §4: an analytics click event of the method page. */
    methodClicked: (state, action: PayloadAction<MethodClick>) => ({
      ...state,
      lastClick: action.payload,
      clicks: state.clicks + 1,
    }),
  },
});

export const { amountRecorded, amountChanged, methodClicked } = depositMethodSlice.actions;

/** SPEC §4: the slice's record of one amount report of the method page of `payGroupId`. */
export function amountReportAction(payGroupId: string, report: AmountReported) {
  return report.kind === 'initial'
    ? amountRecorded({ payGroupId, amount: report.amount })
    : amountChanged({ payGroupId, previousAmount: report.previous, amount: report.amount });
}

declare module '../../../store/store' {
  // Declaration merging registers this lazily injected slice's state (store/store.ts).
  export interface LazyLoadedSlices {
    depositMethod: DepositMethodState;
  }
}

// Injects the slice into the store's root reducer when this module loads.
depositMethodSlice.injectInto(rootReducer);
