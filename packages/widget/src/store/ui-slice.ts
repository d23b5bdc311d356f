/**
 * Cross-screen UI state: the error popup of SPEC §3/§8. (Announcements for screen readers go
 * through ui/announcer.ts, which the shell owns before the store exists.)
 *
 * @packageDocumentation
 */
import { closeErrorPopup, INITIAL_ERROR_POPUP, openErrorPopup } from '@cashdesk/domain';
import type { ErrorPopupInput, ErrorPopupState } from '@cashdesk/domain';
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

export interface UiState {
  readonly errorPopup: ErrorPopupState;
}

const initialState: UiState = { errorPopup: INITIAL_ERROR_POPUP };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    /** SPEC §8: shows the error popup (code default "0" plus message). */
    errorPopupOpened: (state, action: PayloadAction<ErrorPopupInput>) => ({
      ...state,
      errorPopup: openErrorPopup(action.payload),
    }),
    errorPopupClosed: (state) => ({ ...state, errorPopup: closeErrorPopup(state.errorPopup) }),
  },
});

export const { errorPopupOpened, errorPopupClosed } = uiSlice.actions;
