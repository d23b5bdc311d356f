/**
 * SPEC §4 automatic method choice: "nothing if skip is set". When a page sends the player back to
 * the method list on purpose (a result page's "all methods" or "change method"), the list must
 * show instead of opening a method again. The page navigates with {@link SKIP_AUTO_CHOICE} as
 * router state and also stores phSkipLasUsedMethod, which survives a reload or a redirect.
 *
 * @packageDocumentation
 */
import { SKIP_LAST_USED, writeKey } from '../storage/keys';

/** Router state of a navigation back to the method list that must not choose a method. */
export interface SkipAutoChoiceState {
  readonly skipAutoChoice: true;
}

export const SKIP_AUTO_CHOICE: SkipAutoChoiceState = { skipAutoChoice: true };

/** Whether router state asks the method list to skip the automatic choice. */
export function skipsAutoChoice(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    'skipAutoChoice' in state &&
    state.skipAutoChoice === true
  );
}

/** Stores the skip flag for the next list load of this tab (sessionStorage). */
export function rememberSkipAutoChoice(): void {
  writeKey(SKIP_LAST_USED, true);
}
