import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FEE_MODEL_CASES } from '@cashdesk/domain/testing';
import { renderWithApp } from '../../test/render';
import { EUR_CONTEXT } from '../test-support';
import type { AmountContext, FieldContext } from '../types';
import { AmountSummary } from './amount-summary';
import { summaryLines } from './summary-lines';

const LIMITS = { min: '5', max: '5000', displayLimits: true };

function contextWith(amount: Partial<AmountContext>, base: FieldContext = EUR_CONTEXT) {
  return { ...base, amount: { limits: LIMITS, amountBlocks: [], ...amount } };
}

/** The summary as label → figure pairs, in order. */
function lines(): [string, string][] {
  return Array.from(document.querySelectorAll('.cd-summary__line'), (line) => [
    line.querySelector('dt')?.textContent ?? '',
    line.querySelector('dd')?.textContent ?? '',
  ]);
}

async function renderSummary(amount: string, context: FieldContext) {
  return renderWithApp(<AmountSummary amount={amount} context={context} />);
}

describe('fee line (SPEC §5 fee, §9 fee display; docs/fees.md)', () => {
  it('SPEC §5: computes a 2% merchant user fee of 50.00 EUR as 1.00 EUR and a total to pay of 51.00 EUR', async () => {
    await renderSummary('50', contextWith({ merchantUserFee: { percentage: '2%' } }));
    expect(lines()).toEqual([
      ['Amount', '50.00 EUR'],
      ['Service fee (2%)', '1.00 EUR'],
      ['Total to pay', '51.00 EUR'],
    ]);
  });

  it('SPEC §5: rounds the fee half up to the currency precision (2% of 12.34 is 0.2468 → 0.25)', async () => {
    await renderSummary('12.34', contextWith({ merchantUserFee: { percentage: '2%' } }));
    expect(lines()).toEqual([
      ['Amount', '12.34 EUR'],
      ['Service fee (2%)', '0.25 EUR'],
      ['Total to pay', '12.59 EUR'],
    ]);
  });

  it('SPEC §5: shows no line for a 0% fee', async () => {
    await renderSummary('50', contextWith({ merchantUserFee: { percentage: '0%' } }));
    expect(lines()).toEqual([]);
  });

  it('SPEC §5: shows 1.5% of 100 and 0.30 EUR as one fee of 1.80 EUR', async () => {
    await renderSummary(
      '100',
      contextWith({ merchantUserFee: { percentage: '1.5', fix: '0.30' } }),
    );
    expect(lines()).toEqual([
      ['Amount', '100.00 EUR'],
      ['Service fee (1.5% + 0.30 EUR)', '1.80 EUR'],
      ['Total to pay', '101.80 EUR'],
    ]);
  });

  it('SPEC §5: never charges the player the method fee: 2% of 200 is not shown and not in the total', async () => {
    await renderSummary(
      '200',
      contextWith({ fee: '2%', merchantUserFee: { percentage: '1', fix: '0.50' } }),
    );
    expect(lines()).toEqual([
      ['Amount', '200.00 EUR'],
      ['Service fee (1% + 0.50 EUR)', '2.50 EUR'],
      ['Total to pay', '202.50 EUR'],
    ]);
  });

  it('SPEC §5: a method fee alone gives no fee line and no summary', async () => {
    await renderSummary('50', contextWith({ fee: '2%' }));
    expect(lines()).toEqual([]);
  });
});

describe('the fee model’s worked cases, as the server charges them (SPEC §5; docs/fees.md)', () => {
  it.each(FEE_MODEL_CASES.map((feeCase) => [feeCase.name, feeCase] as const))(
    'SPEC §5: %s',
    (_name, feeCase) => {
      const context = contextWith(
        { fee: feeCase.methodFee, merchantUserFee: feeCase.merchantUserFee },
        {
          ...EUR_CONTEXT,
          currency: feeCase.currency,
          precision: feeCase.precision,
          flow: feeCase.flow,
        },
      );
      const figures = Object.fromEntries(
        summaryLines(feeCase.amount, context).map((line) => [line.id, line.value]),
      );
      const { fee, total, net } = feeCase.expected;
      const noFee = /^0(\.0+)?$/.test(fee);
      expect(figures).toEqual(
        noFee
          ? {}
          : {
              amount: feeCase.amount,
              fee,
              total: feeCase.flow === 'deposit' ? total : net,
            },
      );
    },
  );
});

describe('bonus (SPEC §5: minimum deposit, percentage capped at maxBonusValue)', () => {
  const bonus = { percentBonusValue: '10', maxBonusValue: '20', minDepositAmount: '30' };

  it('gives no bonus below the minimum deposit (25 < 30)', async () => {
    await renderSummary('25', contextWith({ bonus }));
    expect(lines()).toEqual([]);
  });

  it('gives 10% of 100: +10.00 EUR, credited 110.00 EUR', async () => {
    await renderSummary('100', contextWith({ bonus }));
    expect(lines()).toEqual([
      ['Amount', '100.00 EUR'],
      ['Bonus', '+10.00 EUR'],
      ['Credited to your balance', '110.00 EUR'],
      ['Total to pay', '100.00 EUR'],
    ]);
  });

  it('caps 10% of 500 at 20.00 EUR', async () => {
    await renderSummary('500', contextWith({ bonus }));
    expect(lines()).toContainEqual(['Bonus', '+20.00 EUR']);
    expect(lines()).toContainEqual(['Credited to your balance', '520.00 EUR']);
  });

  it('pays an absolute bonus as is, ahead of the percentage', async () => {
    await renderSummary('100', contextWith({ bonus: { ...bonus, absoluteBonusValue: '7.5' } }));
    expect(lines()).toContainEqual(['Bonus', '+7.50 EUR']);
  });
});

describe('tax tiers (SPEC §5 tax: shown only above the non-taxable amount)', () => {
  const taxTiers = [
    { from: '0', to: '100', percent_value: '0', absolute_value: '0' },
    { from: '100', to: '1000', percent_value: '10', absolute_value: '0' },
    { from: '1000', to: null, percent_value: '20', absolute_value: '0' },
  ];

  it('shows no tax at or below the non-taxable amount (80, 100)', async () => {
    const { unmount } = await renderSummary('80', contextWith({ taxTiers }));
    expect(lines()).toEqual([]);
    unmount();
    await renderSummary('100', contextWith({ taxTiers }));
    expect(lines()).toEqual([]);
  });

  it('taxes 150 at 10% above 100: −5.00 EUR, credited 145.00 EUR', async () => {
    await renderSummary('150', contextWith({ taxTiers }));
    expect(lines()).toEqual([
      ['Amount', '150.00 EUR'],
      ['Tax', '−5.00 EUR'],
      ['Credited to your balance', '145.00 EUR'],
      ['Total to pay', '150.00 EUR'],
    ]);
  });

  it('taxes each tier on its own part: 1500 gives 90.00 + 100.00 = 190.00 EUR', async () => {
    await renderSummary('1500', contextWith({ taxTiers }));
    expect(lines()).toContainEqual(['Tax', '−190.00 EUR']);
    expect(lines()).toContainEqual(['Credited to your balance', '1 310.00 EUR']);
  });

  it('takes the fee and tax from a withdrawal: you receive 150 − 3.00 − 5.00 = 142.00 EUR', async () => {
    await renderSummary(
      '150',
      contextWith(
        { taxTiers, merchantUserFee: { percentage: '2%' } },
        { ...EUR_CONTEXT, flow: 'withdrawal' },
      ),
    );
    expect(lines()).toEqual([
      ['Amount', '150.00 EUR'],
      ['Service fee (2%)', '3.00 EUR'],
      ['Tax', '−5.00 EUR'],
      ['You receive', '142.00 EUR'],
    ]);
  });
});

describe('figures at the currency precision (SPEC §3 precision, §5 tax; domain paymentCharges)', () => {
  const flat = (percent: string) => [{ from: '0', to: null, percent_value: percent }];
  const JPY = { ...EUR_CONTEXT, currency: 'JPY', precision: 0 };

  it('SPEC §5: credits whole yen: 1.1% of 1 123 JPY is 12.35, withheld 13, credited 1 110 JPY', async () => {
    await renderSummary('1123', contextWith({ taxTiers: flat('1.1') }, JPY));
    expect(lines()).toEqual([
      ['Amount', '1 123 JPY'],
      ['Tax', '−13 JPY'],
      ['Credited to your balance', '1 110 JPY'],
      ['Total to pay', '1 123 JPY'],
    ]);
  });

  it('SPEC §5: a withdrawal of 1 000 JPY pays out whole yen: − 20 fee − 12 tax = 968 JPY', async () => {
    await renderSummary(
      '1000',
      contextWith(
        { merchantUserFee: { percentage: '2%' }, taxTiers: flat('1.15') },
        { ...JPY, flow: 'withdrawal' },
      ),
    );
    expect(lines()).toEqual([
      ['Amount', '1 000 JPY'],
      ['Service fee (2%)', '20 JPY'],
      ['Tax', '−12 JPY'],
      ['You receive', '968 JPY'],
    ]);
  });

  it('SPEC §5: a tax in a 3-decimal currency shows its 3 decimals (10% of 10.555 KWD: 1.060)', async () => {
    const KWD = { ...EUR_CONTEXT, currency: 'KWD', precision: 3 };
    await renderSummary('10.555', contextWith({ taxTiers: flat('10') }, KWD));
    expect(lines()).toEqual([
      ['Amount', '10.555 KWD'],
      ['Tax', '−1.060 KWD'],
      ['Credited to your balance', '9.495 KWD'],
      ['Total to pay', '10.555 KWD'],
    ]);
  });
});

describe('live recalculation (SPEC §5, §9 amount change debounce)', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.getElementById('cd-live-polite')?.remove();
  });

  it('updates the figures in place, and reads them out once, when the amount has settled for 1 s', async () => {
    const live = document.createElement('div');
    live.id = 'cd-live-polite';
    document.body.append(live);
    const context = contextWith({ merchantUserFee: { percentage: '2%' } });
    let type: (amount: string) => void = () => undefined;
    function Typing() {
      const [amount, setAmount] = useState('50');
      type = setAmount;
      return <AmountSummary amount={amount} context={context} />;
    }
    await renderWithApp(<Typing />);
    const region = document.querySelector('.cd-summary');
    // No live region: a screen reader would read it again at every keystroke.
    expect(region?.closest('[aria-live]')).toBeNull();
    expect(screen.getByText('51.00 EUR')).toBeDefined();
    vi.useFakeTimers();
    // The player types 7, 75, 750 and corrects to 75, a keystroke every 300 ms.
    for (const amount of ['7', '75', '750', '75']) {
      act(() => {
        type(amount);
      });
      act(() => {
        vi.advanceTimersByTime(300);
      });
      expect(live.textContent).toBe('');
    }
    expect(document.querySelector('.cd-summary')).toBe(region);
    expect(screen.getByText('1.50 EUR')).toBeDefined();
    expect(screen.getByText('76.50 EUR')).toBeDefined();
    act(() => {
      vi.advanceTimersByTime(700);
      // The announcer writes on the next animation frame.
      vi.advanceTimersToNextFrame();
    });
    expect(live.textContent).toBe(
      'Amount 75.00 EUR, Service fee (2%) 1.50 EUR, Total to pay 76.50 EUR',
    );
    // Nothing more while nothing changes.
    live.textContent = '';
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(live.textContent).toBe('');
  });

  it('shows the currency display setting (symbol before the digits)', async () => {
    await renderSummary(
      '50',
      contextWith({
        merchantUserFee: { percentage: '2%' },
        currencyDisplaySetting: 'symbol-amount',
      }),
    );
    expect(lines()).toContainEqual(['Total to pay', '€51.00']);
  });

  it('writes the labels in the current language', async () => {
    await renderWithApp(
      <AmountSummary
        amount="50"
        context={contextWith({ merchantUserFee: { percentage: '2%' } })}
      />,
      {
        language: 'uk',
      },
    );
    expect(lines()).toContainEqual(['Разом до сплати', '51.00 EUR']);
  });
});

describe('right-to-left figures (SPEC §1 right-to-left layouts)', () => {
  const LRI = '\u2066';
  const FSI = '\u2068';
  const PDI = '\u2069';

  it('keeps a rate, a signed tax and every figure in left-to-right runs inside Arabic text', async () => {
    document.documentElement.dir = 'rtl';
    try {
      const taxTiers = [
        { from: '0', to: '100', percent_value: '0', absolute_value: '0' },
        { from: '100', to: null, percent_value: '10', absolute_value: '0' },
      ];
      await renderWithApp(
        <AmountSummary
          amount="150"
          context={contextWith({ taxTiers, merchantUserFee: { percentage: '1.5', fix: '0.25' } })}
        />,
        { language: 'ar' },
      );
      const byId = (id: string) => document.querySelector(`[data-line="${id}"]`);
      // "(1.5% + 0.25 EUR)" as one run: Arabic would otherwise show "(EUR 0.25 + %1.5)".
      expect(byId('fee')?.querySelector('dt')?.textContent).toContain(
        `(${FSI}1.5% + 0.25 EUR${PDI})`,
      );
      // The minus before the digits, not to their right.
      expect(byId('tax')?.querySelector('dd')?.textContent).toBe(
        `${LRI}−${LRI}5.00 EUR${PDI}${PDI}`,
      );
      expect(byId('amount')?.querySelector('dd')?.textContent).toBe(`${LRI}150.00 EUR${PDI}`);
    } finally {
      document.documentElement.dir = '';
    }
  });
});

describe('processing currency (SPEC §3 processing_currency, processing_currency_rate)', () => {
  /** The processing line's text without the bidirectional isolation marks. */
  function processingText(): string | null {
    const line = document.querySelector('[data-line="processing"]');
    return line === null ? null : line.textContent.replace(/[\u2066-\u2069]/g, '');
  }

  it('SPEC §3: a deposit shows the total to pay converted at the rate, half up at two decimals', async () => {
    await renderSummary(
      '50',
      contextWith({
        merchantUserFee: { percentage: '2%' },
        processing: { alpha3: 'USD', rate: '1.0850' },
      }),
    );
    // 51.00 EUR × 1.0850 = 55.335 → 55.34 USD.
    expect(processingText()).toBe('You are charged 55.34 USD (1 EUR = 1.0850 USD)');
  });

  it('SPEC §3: a withdrawal shows what is received in the processing currency', async () => {
    await renderSummary(
      '100',
      contextWith(
        { processing: { alpha3: 'USD', rate: '1.0850' } },
        { ...EUR_CONTEXT, flow: 'withdrawal' },
      ),
    );
    expect(processingText()).toBe('You receive 108.50 USD (1 EUR = 1.0850 USD)');
  });

  it('SPEC §3: the processing currency keeps its own minor unit (JPY has none)', async () => {
    await renderSummary('100', contextWith({ processing: { alpha3: 'JPY', rate: '161.2345' } }));
    expect(processingText()).toBe('You are charged 16 123 JPY (1 EUR = 161.2345 JPY)');
  });

  it('SPEC §3: no line without a processing currency, or while the amount is not above zero', async () => {
    await renderSummary('50', contextWith({ merchantUserFee: { percentage: '2%' } }));
    expect(processingText()).toBeNull();
    await renderSummary('0', contextWith({ processing: { alpha3: 'USD', rate: '1.0850' } }));
    expect(processingText()).toBeNull();
  });
});
