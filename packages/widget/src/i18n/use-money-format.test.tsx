import { EXAMPLE_DEPOSIT_INIT } from '@cashdesk/contract';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { cashierApi } from '../api/cashier-api';
import { readStartup } from '../startup/startup';
import { createAppStore } from '../store/store';
import { useMoneyFormat } from './use-money-format';

function storeAt(path: string) {
  return createAppStore(
    readStartup({
      address: `http://cashier.test${path}?session_id=s1&lang=ar-brand0`,
      windowWidth: 1024,
      windowHeight: 768,
      userAgent: 'vitest',
      inFrame: false,
    }),
  );
}

describe('useMoneyFormat (SPEC §3 currency_display_setting_id, §9)', () => {
  it('uses the default setting 1 until the init answer is cached', () => {
    const store = storeAt('/deposit');
    const { result } = renderHook(() => useMoneyFormat(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <Provider store={store}>{children}</Provider>
      ),
    });
    expect(result.current.display).toBe('amount-code');
    expect(result.current.money('1500', 'EUR', 2)).toBe('1 500.00 EUR');
  });

  it("follows the brand's setting from the deposit init answer, with Latin digits in Arabic", async () => {
    const store = storeAt('/deposit');
    await store.dispatch(
      cashierApi.util.upsertQueryData('depositInit', undefined, {
        ...EXAMPLE_DEPOSIT_INIT,
        widget_settings: {
          ...EXAMPLE_DEPOSIT_INIT.widget_settings,
          currency_display_setting_id: 4,
        },
      }),
    );
    const { result } = renderHook(() => useMoneyFormat(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <Provider store={store}>{children}</Provider>
      ),
    });
    expect(result.current.display).toBe('symbol-amount');
    expect(result.current.money('1500', 'USD', 2)).toBe('$1 500.00');
  });
});
