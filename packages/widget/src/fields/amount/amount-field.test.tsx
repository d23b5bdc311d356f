import { createAmountField } from '@cashdesk/domain';
import type { FieldValue } from '@cashdesk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setNumberLanguage } from '../../i18n/format';
import { renderWithApp } from '../../test/render';
import { EUR_CONTEXT, Harness, textOf } from '../test-support';
import type { FieldContext } from '../types';

const amountField = createAmountField({ currency: 'EUR', flowType: 'deposit' });

const context: FieldContext = {
  ...EUR_CONTEXT,
  amount: {
    limits: { min: '5', max: '5000', displayLimits: true },
    amountBlocks: ['20', '50', '100'],
    bonus: { percentBonusValue: '10', maxBonusValue: '20', minDepositAmount: '30' },
  },
};

async function renderAmount(initial: FieldValue = '') {
  const values: FieldValue[] = [];
  const view = await renderWithApp(
    <Harness
      field={amountField}
      initial={initial}
      context={context}
      onValue={(value) => values.push(value)}
    />,
  );
  return { ...view, values, input: screen.getByRole('textbox') };
}

describe('amount input (SPEC §5 amount, §9 digits and grouping)', () => {
  it('groups thousands by spaces and reports the raw amount', async () => {
    const { input, values } = await renderAmount();
    await userEvent.type(input, '1234567.891');
    expect(input).toHaveProperty('value', '1 234 567.891');
    expect(values.at(-1)).toBe('1234567.891');
  });

  it('keeps digits and one decimal point only', async () => {
    const { input, values } = await renderAmount();
    await userEvent.type(input, 'a1b2.34-');
    expect(input).toHaveProperty('value', '12.34');
    expect(values.at(-1)).toBe('12.34');
  });

  it.each([
    ['1,000', '1 000', '1000'],
    ['1,500', '1 500', '1500'],
    ['2,000.00', '2 000.00', '2000.00'],
  ])(
    'SPEC §5: in English %j is read with a grouping comma and shown as %j once the field is left',
    async (typed, shown, raw) => {
      const { input, values } = await renderAmount();
      await userEvent.type(input, typed);
      // While typing, the comma stays where the player put it: "1,0" never becomes "1.0".
      expect(input).toHaveProperty('value', typed);
      expect(values.at(-1)).toBe(raw);
      await userEvent.tab();
      expect(input).toHaveProperty('value', shown);
      expect(values.at(-1)).toBe(raw);
    },
  );

  it.each([
    ['١٢٫٥', '12.5', '12.5'],
    ['۱۲۰', '120', '120'],
    ['１５', '15', '15'],
  ])(
    'SPEC §5: digits of another script (%j) are read as %j, never dropped',
    async (typed, shown, raw) => {
      const { input, values } = await renderAmount();
      await userEvent.type(input, typed);
      await userEvent.tab();
      expect(input).toHaveProperty('value', shown);
      expect(values.at(-1)).toBe(raw);
    },
  );

  it('SPEC §5: an amount that reads more than one way reports none and says so when the field is left', async () => {
    const { input, values } = await renderAmount();
    await userEvent.type(input, '1.000.000');
    expect(values.at(-1)).toBe('');
    expect(input).toHaveProperty('value', '1.000.000');
    const message = await textOf('PH.ERROR.AMOUNT_UNCLEAR', {
      text: '1.000.000',
      example: '1 234.50',
    });
    expect(screen.queryByText(message)).toBeNull();
    await userEvent.tab();
    const shown = screen.getByText(message);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(shown.id);
    // Writing it one way clears the message.
    await userEvent.clear(input);
    await userEvent.type(input, '1000000');
    expect(values.at(-1)).toBe('1000000');
    expect(screen.queryByText(message)).toBeNull();
  });

  it('turns a leading zero followed by digits into 0.digits', async () => {
    const { input } = await renderAmount();
    await userEvent.type(input, '05');
    expect(input).toHaveProperty('value', '0.5');
  });

  it('ignores digits beyond 12 integer digits', async () => {
    const { input } = await renderAmount();
    await userEvent.type(input, '12345678901234');
    expect(input).toHaveProperty('value', '123 456 789 012');
  });

  it('uses the decimal keyboard and is labelled by the field label', async () => {
    const { input } = await renderAmount();
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByLabelText(await textOf('amount'))).toBe(input);
  });

  it('lays the amount out left to right, so "1 200" keeps its order in right-to-left languages', async () => {
    const { input } = await renderAmount('1200');
    expect(input.getAttribute('dir')).toBe('ltr');
  });
});

describe('amount blocks (SPEC §2 predefined amounts, §5)', () => {
  it('SPEC §2: sets the amount and checks the chosen block, as one radio group', async () => {
    const { input, values } = await renderAmount('20');
    const group = screen.getByRole('radiogroup', { name: await textOf('FIELDS.AMOUNT.BLOCKS') });
    const blocks = within(group).getAllByRole('radio');
    expect(blocks.map((block) => block.textContent)).toEqual(['20 EUR', '50 EUR', '100 EUR']);
    expect(blocks.map((block) => block.getAttribute('aria-checked'))).toEqual([
      'true',
      'false',
      'false',
    ]);
    await userEvent.click(screen.getByRole('radio', { name: '100 EUR' }));
    expect(values.at(-1)).toBe('100');
    expect(input).toHaveProperty('value', '100');
    expect(screen.getByRole('radio', { name: '100 EUR' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('SPEC §2 predefined amounts: the blocks are one Tab stop (the chosen one, else the first); arrows move and choose, Home and End jump', async () => {
    const { values } = await renderAmount('');
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('20 EUR');
    await userEvent.keyboard('{Enter}');
    expect(values.at(-1)).toBe('20');
    await userEvent.keyboard('{ArrowRight}');
    expect(values.at(-1)).toBe('50');
    expect(document.activeElement?.textContent).toBe('50 EUR');
    await userEvent.keyboard('{End}');
    expect(values.at(-1)).toBe('100');
    // Past the last, the first again (a radio group wraps).
    await userEvent.keyboard('{ArrowDown}');
    expect(values.at(-1)).toBe('20');
    await userEvent.keyboard('{ArrowUp}');
    expect(values.at(-1)).toBe('100');
    // One Tab leaves the group: the blocks are not three stops.
    await userEvent.tab();
    expect(document.activeElement?.getAttribute('role')).not.toBe('radio');
    // Coming back with Shift+Tab lands on the chosen block.
    await userEvent.tab({ shift: true });
    expect(document.activeElement?.textContent).toBe('100 EUR');
  });

  it('SPEC §2 predefined amounts, right-to-left: the left arrow goes to the next block', async () => {
    const values: FieldValue[] = [];
    await renderWithApp(
      <Harness
        field={amountField}
        initial="20"
        context={context}
        onValue={(value) => values.push(value)}
      />,
      { language: 'ar' },
    );
    const group = screen.getByRole('radiogroup');
    const [first] = within(group).getAllByRole('radio');
    first?.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(values.at(-1)).toBe('50');
    await userEvent.keyboard('{ArrowRight}');
    expect(values.at(-1)).toBe('20');
  });
});

describe('limit hints, bonus banner and error (SPEC §5 min-limit hint, bonus; §8)', () => {
  it('shows the min hint (PH.MIN_LIMIT_INFO_TEXT) and the max hint while no error shows', async () => {
    await renderAmount('10');
    const min = await textOf('PH.MIN_LIMIT_INFO_TEXT', { amount: '5.00', currency: 'EUR' });
    const max = await textOf('FIELDS.AMOUNT.MAX_HINT', { amount: '5 000.00 EUR' });
    expect(screen.getByText(min)).toBeDefined();
    expect(screen.getByText(max)).toBeDefined();
    expect(screen.getByRole('textbox').getAttribute('aria-describedby')).not.toBeNull();
  });

  it('SPEC §5 minimum-limit hint, §9 amounts: the hints and the amount buttons write amounts one way, the brand’s (code first, the currency’s decimals)', async () => {
    const kwd: FieldContext = {
      ...context,
      currency: 'KWD',
      precision: 3,
      amount: {
        limits: { min: '1.5', max: '1500', displayLimits: true },
        amountBlocks: ['10', '10.5'],
        currencyDisplaySetting: 'code-amount',
      },
    };
    await renderWithApp(<Harness field={amountField} initial="20" context={kwd} />);
    const hints = screen.getAllByText(/KWD/).map((element) => element.textContent);
    const flat = hints.map((hint) =>
      hint.replace(/[\u00a0\u2066-\u2069]/g, (char) => (char === '\u00a0' ? ' ' : '')),
    );
    expect(flat).toContain('Min. KWD 1.500');
    expect(flat).toContain('Max. KWD 1 500.000');
    expect(flat).toContain('KWD 10');
    expect(flat).toContain('KWD 10.500');
  });

  it('keeps a formatted amount on one line: its spaces do not break', async () => {
    await renderAmount('10');
    const max = await textOf('FIELDS.AMOUNT.MAX_HINT', { amount: '5 000.00 EUR' });
    expect(screen.getByText(max).textContent).toContain('5\u00a0000.00\u00a0EUR');
  });

  it('hides the hints without display_limits', async () => {
    const hidden: FieldContext = {
      ...context,
      amount: { limits: { min: '5', max: '5000', displayLimits: false }, amountBlocks: [] },
    };
    await renderWithApp(<Harness field={amountField} initial="10" context={hidden} />);
    expect(screen.queryByText(/5 000/)).toBeNull();
    expect(screen.getByRole('textbox').getAttribute('aria-describedby')).toBeNull();
  });

  it('shows the bonus banner only when the amount earns the bonus', async () => {
    const { input } = await renderAmount('25');
    const banner = await textOf('FIELDS.AMOUNT.BONUS_BANNER', { bonus: '10.00 EUR' });
    expect(screen.queryByText(banner)).toBeNull();
    await userEvent.clear(input);
    await userEvent.type(input, '100');
    expect(screen.getByText(banner)).toBeDefined();
  });

  it('SPEC §5: the lost-profit bonus its ribbon advertised shows on the form, by its tier', async () => {
    const crypto: FieldContext = {
      ...EUR_CONTEXT,
      amount: {
        limits: { min: '20', max: '5000', displayLimits: true },
        amountBlocks: [],
        bonus: null,
        lostProfitTiers: [
          { from: '20', to: '100', percent_value: '5', absolute_value: null },
          { from: '100', to: null, percent_value: '7', absolute_value: '15' },
        ],
      },
    };
    await renderWithApp(<Harness field={amountField} initial="60" context={crypto} />);
    expect(
      screen.getByText(await textOf('FIELDS.AMOUNT.BONUS_BANNER', { bonus: '3.00 EUR' })),
    ).toBeDefined();
    await userEvent.clear(screen.getByRole('textbox'));
    await userEvent.type(screen.getByRole('textbox'), '150');
    expect(
      screen.getByText(await textOf('FIELDS.AMOUNT.BONUS_BANNER', { bonus: '15.00 EUR' })),
    ).toBeDefined();
  });

  it('shows the translated error under the field, linked and aria-invalid, instead of the hints', async () => {
    const error = {
      key: 'PH.DEPOSIT.ERROR.MIN_AMOUNT',
      params: { amount: '5.00', currency: 'EUR' },
    };
    await renderWithApp(
      <Harness field={amountField} initial="1" context={context} error={error} />,
    );
    const input = screen.getByRole('textbox');
    const message = await textOf(error.key, error.params);
    const errorElement = screen.getByText(message);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(errorElement.id);
    const min = await textOf('PH.MIN_LIMIT_INFO_TEXT', { amount: '5.00', currency: 'EUR' });
    expect(screen.queryByText(min)).toBeNull();
  });

  it('reports blur to the page (on-blur validation)', async () => {
    const onBlur = vi.fn();
    await renderWithApp(<Harness field={amountField} context={context} onBlur={onBlur} />);
    await userEvent.click(screen.getByRole('textbox'));
    await userEvent.tab();
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});

describe('amount input in a decimal-comma language (German, Ukrainian)', () => {
  afterEach(() => {
    setNumberLanguage('en');
  });

  it('shows the comma, reads a typed comma or point as the decimal mark, reports the point', async () => {
    setNumberLanguage('de');
    const { input, values } = await renderAmount();
    await userEvent.type(input, '1234,5');
    expect(input).toHaveProperty('value', '1 234,5');
    expect(values.at(-1)).toBe('1234.5');
    await userEvent.clear(input);
    await userEvent.type(input, '77.25');
    await userEvent.tab();
    expect(input).toHaveProperty('value', '77,25');
    expect(values.at(-1)).toBe('77.25');
  });

  it('SPEC §5: in Ukrainian "1.000" is one or a thousand: no amount, and the message shows the comma', async () => {
    setNumberLanguage('uk');
    const { input, values } = await renderAmount();
    await userEvent.type(input, '1.000');
    await userEvent.tab();
    expect(values.at(-1)).toBe('');
    const message = await textOf('PH.ERROR.AMOUNT_UNCLEAR', { text: '1.000', example: '1 234,50' });
    expect(screen.getByText(message)).toBeDefined();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('writes the hints with the comma too', async () => {
    setNumberLanguage('uk');
    await renderAmount('10');
    // The default text matcher reads no-break spaces as spaces.
    expect(screen.getByText(/Max. 5 000,00 EUR/)).toBeDefined();
    expect(screen.getByText(/Min\. 5,00 EUR/)).toBeDefined();
  });
});
