import { buildRoutePath, chooseMethod } from '@cashdesk/domain';
import type { Method } from '@cashdesk/domain';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SELECTED_METHOD, writeKey } from '../storage/keys';
import type { ListFlow } from './method-list-slice';

/** How a choice navigates. */
export interface ChooseOptions {
  /** Replace the list in the history (the automatic choice), so Back does not bounce. */
  readonly replace?: boolean;
}

/**
 * SPEC §4 "Choosing a method": a disabled method swallows the click (domain chooseMethod says
 * 'ignored'); otherwise its id is saved as phSelectedMethodId (this tab's session storage) and an
 * Activity method opens its method page `/deposit/<payGroupId>` (for withdrawals, Activity and
 * NestedList both open `/withdrawal/<payGroupId>`), keeping the query (session_id, lang, theme…)
 * so a reload of that page still works. A deposit's nested list or info method stays here.
 * Returns whether it navigated.
 */
export function useChooseMethod(
  flow: ListFlow,
): (method: Method, options?: ChooseOptions) => boolean {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (method: Method, options: ChooseOptions = {}) => {
      const choice = chooseMethod(method, flow);
      if (choice.kind === 'ignored') return false;
      writeKey(SELECTED_METHOD, method.id);
      if (choice.navigateTo === null) return false;
      const pathname = buildRoutePath(flow === 'deposit' ? 'deposit-method' : 'withdrawal-method', {
        provider: String(method.id),
      });
      if (pathname === null) return false;
      void navigate({ pathname, search }, { replace: options.replace === true });
      return true;
    },
    [flow, navigate, search],
  );
}
