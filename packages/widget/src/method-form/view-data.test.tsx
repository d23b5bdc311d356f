import type { ViewDataItem } from '@cashdesk/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { MethodViewData } from './view-data';

const PAY_GROUP = 7;

function show(entries: readonly ViewDataItem[], language: 'en' | 'ar' = 'en') {
  // The app sets the page's direction from its language at start (amounts isolate by it).
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
  return renderWithApp(
    <MethodViewData entries={entries} payGroupId={PAY_GROUP} currency="EUR" precision={2} />,
    { language },
  );
}

describe('method view_data (SPEC §3 information display kinds)', () => {
  afterEach(() => {
    document.documentElement.dir = '';
  });

  it('text: a paragraph with its bold title, a key in the player’s language', async () => {
    await show([
      { type: 'text', title: 'Good to know', text: 'PH.VIEW_DATA.BANK_TRANSFER.ARRIVAL' },
    ]);
    const paragraph = screen.getByText(/usually arrives in one to three working days/).closest('p');
    expect(paragraph?.querySelector('strong')?.textContent).toContain('Good to know');
  });

  it('text in Arabic: the key translated, the operator’s own wording isolated as written', async () => {
    await show(
      [{ type: 'text', title: 'Good to know', text: 'PH.VIEW_DATA.BANK_TRANSFER.ARRIVAL' }],
      'ar',
    );
    expect(screen.getByText('يصل التحويل المصرفي عادةً خلال يوم إلى ثلاثة أيام عمل.')).toBeDefined();
    expect(screen.getByText('Good to know').tagName).toBe('BDI');
  });

  it('line: the title and its text on one line; a value is money in the form’s currency', async () => {
    await show([
      { type: 'line', title: 'PH.VIEW_DATA.BANK_TRANSFER.BENEFICIARY', text: 'Cashdesk Demo Ltd' },
      { type: 'line', key: 'limit', title: 'Daily limit', value: '1500' },
    ]);
    const beneficiary = screen.getByText('Beneficiary').closest('p');
    expect(beneficiary?.textContent).toBe('BeneficiaryCashdesk Demo Ltd');
    expect(screen.getByText('Daily limit').closest('p')?.textContent).toContain('1 500.00 EUR');
  });

  it('line in Arabic: the title translated and the amount kept left to right', async () => {
    await show(
      [{ type: 'line', title: 'PH.VIEW_DATA.BANK_TRANSFER.BENEFICIARY', value: '1500' }],
      'ar',
    );
    const line = screen.getByText('المستفيد').closest('p');
    expect(line?.textContent).toContain('\u20661 500.00 EUR\u2069');
  });

  it('information_block: a bordered note with its title and text', async () => {
    await show([
      {
        type: 'information_block',
        title: 'PH.VIEW_DATA.BANK_TRANSFER.REFERENCE_TITLE',
        text: 'PH.VIEW_DATA.BANK_TRANSFER.REFERENCE_TEXT',
      },
    ]);
    const note = screen.getByRole('note');
    expect(note.className).toContain('cd-view-data__block');
    expect(within(note).getByText('Add your reference')).toBeDefined();
    expect(within(note).getByText(/Write your player ID/)).toBeDefined();
  });

  it('information_block in Arabic', async () => {
    await show(
      [
        {
          type: 'information_block',
          title: 'PH.VIEW_DATA.BANK_TRANSFER.REFERENCE_TITLE',
          text: 'PH.VIEW_DATA.BANK_TRANSFER.REFERENCE_TEXT',
        },
      ],
      'ar',
    );
    expect(within(screen.getByRole('note')).getByText('أضف رقمك المرجعي')).toBeDefined();
  });

  it('popup: a button named by the title opens the text in a dialog, and Close closes it', async () => {
    const user = userEvent.setup();
    await show([
      {
        type: 'popup',
        title: 'PH.VIEW_DATA.BANK_TRANSFER.FEES_TITLE',
        text: 'PH.VIEW_DATA.BANK_TRANSFER.FEES_TEXT',
      },
    ]);
    expect(screen.queryByText(/We charge no fee/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Bank fees' }));
    const dialog = screen.getByRole('dialog', { name: 'Bank fees' });
    expect(within(dialog).getByText(/We charge no fee for bank transfers/)).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(/We charge no fee/)).toBeNull();
  });

  it('popup in Arabic, and one without a title is named "more information"', async () => {
    const user = userEvent.setup();
    await show(
      [
        { type: 'popup', title: 'PH.VIEW_DATA.BANK_TRANSFER.FEES_TITLE', text: 'x' },
        { type: 'popup', key: 'untitled', text: 'PH.VIEW_DATA.BANK_TRANSFER.FEES_TEXT' },
      ],
      'ar',
    );
    await user.click(screen.getByRole('button', { name: 'مزيد من المعلومات' }));
    const dialog = screen.getByRole('dialog', { name: 'مزيد من المعلومات' });
    expect(within(dialog).getByText(/لا نفرض أي رسوم/)).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'إغلاق' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'رسوم المصرف' })).toBeDefined();
  });

  it('collapse: a closed disclosure whose summary is the title', async () => {
    const user = userEvent.setup();
    await show([
      {
        type: 'collapse',
        title: 'PH.VIEW_DATA.BANK_TRANSFER.HOW_TITLE',
        text: 'PH.VIEW_DATA.BANK_TRANSFER.HOW_TEXT',
      },
    ]);
    const summary = screen.getByText('How to pay by bank transfer');
    expect(summary.closest('summary')).not.toBeNull();
    const details = summary.closest('details');
    expect(details?.open).toBe(false);
    expect(details?.textContent).toContain('Copy the IBAN from the form');
    await user.click(summary);
    expect(details?.open).toBe(true);
  });

  it('collapse in Arabic', async () => {
    await show(
      [
        {
          type: 'collapse',
          title: 'PH.VIEW_DATA.BANK_TRANSFER.HOW_TITLE',
          text: 'PH.VIEW_DATA.BANK_TRANSFER.HOW_TEXT',
        },
      ],
      'ar',
    );
    expect(screen.getByText('كيفية الدفع بالتحويل المصرفي').closest('summary')).not.toBeNull();
  });

  it('additional_info: a small muted hint with its text', async () => {
    await show([{ type: 'additional_info', text: 'PH.VIEW_DATA.BANK_TRANSFER.OWN_ACCOUNT' }]);
    const hint = screen.getByText(/another person's name are sent back/).closest('p');
    expect(hint?.className).toBe('cd-view-data__extra');
  });

  it('additional_info in Arabic', async () => {
    await show([{ type: 'additional_info', text: 'PH.VIEW_DATA.BANK_TRANSFER.OWN_ACCOUNT' }], 'ar');
    expect(screen.getByText('تُعاد التحويلات الواردة من حساب باسم شخص آخر.')).toBeDefined();
  });

  it('wager: the wager notice with what is left to wager, in English and without a value', async () => {
    await show([
      { type: 'wager', key: 'wager_amount', value: '35' },
      { type: 'wager', key: 'other' },
    ]);
    const [withValue, plain] = screen.getAllByRole('note');
    expect(withValue?.textContent).toContain('Wager 35.00 EUR more to unlock withdrawals.');
    expect(plain?.textContent).toContain('Complete the wagering requirement');
  });

  it('wager in Arabic', async () => {
    await show([{ type: 'wager', key: 'wager_amount', value: '35' }], 'ar');
    expect(screen.getByRole('note').textContent).toContain('يُتاح السحب بعد إتمام المراهنة');
    expect(screen.getByRole('note').textContent).toContain('\u206635.00 EUR\u2069');
  });

  it('keeps the server’s order, leaves out entries of another pay group, and shows nothing for none', async () => {
    const { container, unmount } = await show([
      { type: 'additional_info', text: 'first' },
      { type: 'text', text: 'not this method', pay_group_id: PAY_GROUP + 1 },
      { type: 'text', text: 'second', pay_group_id: PAY_GROUP },
    ]);
    expect(container.textContent).toBe('firstsecond');
    unmount();
    const empty = await show([]);
    expect(empty.container.innerHTML).toBe('');
  });
});
