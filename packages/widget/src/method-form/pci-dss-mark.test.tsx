import { EXAMPLE_DEPOSIT_INIT, EXAMPLE_PAYOUT_INIT } from '@cashdesk/contract';
import type { DepositMethodDetail } from '@cashdesk/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cashierApi } from '../api/cashier-api';
import { renderWithApp } from '../test/render';
import { buildMethodForm } from './method-form';
import { PciDssMark } from './pci-dss-mark';

const CARD_DETAIL: DepositMethodDetail = {
  currency: 'EUR',
  limits: { min_amount: '10', max_amount: '1000', max_recurring_amount: null },
  amount_blocks: [],
  parameters: [
    { name: 'card_pan', type: 'input', extended_type: 'card_pan', label: 'Card number' },
  ],
  view_data: [],
};
const WALLET_DETAIL: DepositMethodDetail = {
  ...CARD_DETAIL,
  parameters: [{ name: 'wallet_id', type: 'input', label: 'Wallet', is_required: true }],
};
const CARD_FORM = buildMethodForm({ detail: CARD_DETAIL, currency: 'EUR', precision: 2 });
const WALLET_FORM = buildMethodForm({ detail: WALLET_DETAIL, currency: 'EUR', precision: 2 });

async function depositWith(showLogo: boolean, form = CARD_FORM, language: 'en' | 'ar' = 'en') {
  const rendered = await renderWithApp(<PciDssMark form={form} />, { language });
  await rendered.store.dispatch(
    cashierApi.util.upsertQueryData('depositInit', undefined, {
      ...EXAMPLE_DEPOSIT_INIT,
      widget_settings: { ...EXAMPLE_DEPOSIT_INIT.widget_settings, show_pci_dss_logo: showLogo },
    }),
  );
  return rendered;
}

describe('PCI DSS mark (SPEC §3 showPCIDSSLogo)', () => {
  it('shows the mark under a card form when the brand’s widget settings say so', async () => {
    await depositWith(true);
    expect(await screen.findByRole('img', { name: 'PCI DSS compliant' })).toBeDefined();
    expect(
      screen.getByText('Your card details are handled to the PCI DSS security standard.'),
    ).toBeDefined();
  });

  it('in Arabic, with the badge’s own drawing kept left to right', async () => {
    await depositWith(true, CARD_FORM, 'ar');
    const badge = await screen.findByRole('img', { name: 'متوافق مع PCI DSS' });
    expect(badge.getAttribute('direction')).toBe('ltr');
    expect(screen.getByText('تُعالَج بيانات بطاقتك وفق معيار أمان PCI DSS.')).toBeDefined();
  });

  it('shows nothing when the brand’s flag is off', async () => {
    const { container } = await depositWith(false);
    expect(container.innerHTML).toBe('');
  });

  it('shows nothing under a form that takes no card data', async () => {
    const { container } = await depositWith(true, WALLET_FORM);
    expect(container.innerHTML).toBe('');
  });

  it('shows nothing until the init answer is there', async () => {
    const { container } = await renderWithApp(<PciDssMark form={CARD_FORM} />);
    expect(container.innerHTML).toBe('');
  });

  it('reads the withdrawal init answer on a withdrawal page (a payout to a card)', async () => {
    const payoutCard = buildMethodForm({
      detail: {
        ...CARD_DETAIL,
        parameters: [{ name: 'card_id', type: 'select', extended_type: 'card_id', label: 'Card' }],
      },
      flow: 'withdrawal',
      currency: 'EUR',
      precision: 2,
    });
    const rendered = await renderWithApp(<PciDssMark form={payoutCard} />, {
      route: '/withdrawal/card',
    });
    await rendered.store.dispatch(
      cashierApi.util.upsertQueryData('payoutInit', undefined, {
        ...EXAMPLE_PAYOUT_INIT,
        user_balance: '0',
        widget_settings: {
          ...EXAMPLE_PAYOUT_INIT.widget_settings,
          success_page_redirect_timeout: 30,
          show_pci_dss_logo: true,
        },
      }),
    );
    expect(await screen.findByRole('img', { name: 'PCI DSS compliant' })).toBeDefined();
  });
});
