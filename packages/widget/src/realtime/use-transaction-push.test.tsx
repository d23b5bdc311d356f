import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { storeAt } from '../test/app-store';
import { transactionPushed, transactionsSubscribed } from './realtime-slice';
import { useReadOnPush } from './use-transaction-push';

function appStore() {
  return storeAt();
}

/** Renders the hook for `tx_1` with a read whose `isFetching` the test moves. */
function rendered() {
  const store = appStore();
  const refetch = vi.fn();
  const wrapper = ({ children }: { readonly children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  const hook = renderHook(
    ({ isFetching }: { isFetching: boolean }) => {
      useReadOnPush('tx_1', { isFetching, refetch });
    },
    { wrapper, initialProps: { isFetching: false } },
  );
  return { store, refetch, hook };
}

describe('reading on a push (SPEC §4)', () => {
  it('SPEC §4: a push naming the transaction reads at once; another transaction’s does not', () => {
    const { store, refetch } = rendered();
    act(() => {
      store.dispatch(transactionPushed('tx_other'));
    });
    expect(refetch).not.toHaveBeenCalled();
    act(() => {
      store.dispatch(transactionPushed('tx_1'));
    });
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('SPEC §4: a push (or a resubscribe) heard while a read is in flight reads once more after it, however many came', () => {
    const { store, refetch, hook } = rendered();
    hook.rerender({ isFetching: true });
    act(() => {
      store.dispatch(transactionPushed('tx_1'));
      store.dispatch(transactionsSubscribed());
    });
    expect(refetch).not.toHaveBeenCalled();
    hook.rerender({ isFetching: false });
    expect(refetch).toHaveBeenCalledTimes(1);
    // Nothing pending any more: the next reads come from new pushes only.
    hook.rerender({ isFetching: true });
    hook.rerender({ isFetching: false });
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
