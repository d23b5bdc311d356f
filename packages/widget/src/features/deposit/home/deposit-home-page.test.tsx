import { EXAMPLE_CARD_PAY_GROUP, EXAMPLE_DEPOSIT_INIT } from '@cashdesk/contract';
import type { DepositInitResponseInput } from '@cashdesk/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigationType } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cashierApi } from '../../../api/cashier-api';
import { renderWithApp } from '../../../test/render';
import type { RenderWithAppOptions } from '../../../test/render';
import { DepositHomePage } from './deposit-home-page';
import { selectList } from '../../../method-list/method-list-slice';

type PayGroupInput = DepositInitResponseInput['payment_groups'][number];

const EUR = EXAMPLE_CARD_PAY_GROUP.currencies[0];

function payGroup(
  id: number,
  shortName: string,
  publicName: string,
  extra: Partial<PayGroupInput> = {},
): PayGroupInput {
  return {
    id,
    short_name: shortName,
    public_name: publicName,
    action_type: 'activity',
    logo: `/assets/logos/${shortName}.svg`,
    currencies: [{ ...EUR, fee: '0%', limits: { min_amount: '5', max_amount: '5000' } }],
    ...extra,
  };
}

/**
 * The seeded brand0 deposit list (packages/server/src/db/seed-data/brand0-deposit-methods.ts) as
 * the service sends it.
 */
const SEEDED_GROUPS: PayGroupInput[] = [
  payGroup(101, 'card', 'Visa / Mastercard', {
    arrangement: 100,
    popular: true,
    show_in_carousel: true,
    allow_pre_selected_method: true,
    pay_method_type: 'cards',
    display_limits: true,
    merchant_user_fee: { percentage: '1.5', fix: '0.25' },
  }),
  payGroup(102, 'apple_pay', 'Apple Pay', {
    arrangement: 95,
    native_pay_type: 'apple_pay',
    pay_method_type: 'mobile',
  }),
  payGroup(103, 'ewallet', 'E-Wallet', {
    arrangement: 90,
    show_in_carousel: true,
    pay_method_type: 'e_wallets',
    currencies: [{ ...EUR, fee: '2%' }],
  }),
  payGroup(104, 'mobile_money', 'Mobile money', {
    arrangement: 80,
    show_in_carousel: true,
    pay_method_type: 'mobile',
  }),
  payGroup(105, 'crypto_qr', 'Crypto (QR code)', {
    arrangement: 70,
    show_in_carousel: true,
    pay_method_type: 'crypto',
  }),
  payGroup(106, 'bank_transfer', 'Bank transfer', {
    arrangement: 60,
    pay_method_type: 'bank_transfers',
  }),
  payGroup(107, 'betshop_cash', 'Cash at a bet shop', {
    arrangement: 50,
    pay_method_type: 'bet_shops',
  }),
  payGroup(108, 'prepaid_voucher', 'Prepaid voucher', {
    arrangement: 40,
    pay_method_type: 'prepaid_cash',
    restricted_until: '2099-12-31T23:00:00.000Z',
  }),
  payGroup(109, 'legacy_wallet', 'Legacy wallet', {
    arrangement: 30,
    pay_method_type: 'e_wallets',
    enabled: false,
  }),
];

function initAnswer(groups: PayGroupInput[] = SEEDED_GROUPS): DepositInitResponseInput {
  return {
    ...EXAMPLE_DEPOSIT_INIT,
    payment_groups: groups,
    lost_profit_merchant_bonus: {
      pay_group: 'crypto_qr',
      tiers: [
        { from: '20', to: '100', percent_value: '5', absolute_value: null },
        { from: '100', to: null, percent_value: '7', absolute_value: '15' },
      ],
    },
    user_bonuses: [
      {
        bonusDescription: '10% on every deposit up to 50',
        bonusInfo: {
          absoluteBonusValue: null,
          percentBonusValue: '10',
          maxBonusValue: '50',
          minDepositAmount: '20',
          maxDepositAmount: null,
        },
      },
      {
        bonusDescription: '5 extra on e-wallet deposits from 10',
        bonusPayGroupsIds: [103],
        bonusInfo: {
          absoluteBonusValue: '5',
          percentBonusValue: null,
          maxBonusValue: null,
          minDepositAmount: '10',
          maxDepositAmount: null,
        },
      },
    ],
  };
}

const INIT_PATH = '/api/cashier-service/v1.0/payments/groups/init';

/** A fetch stub answering the init call (and only it) with `answers` in turn. */
function stubInit(...answers: (DepositInitResponseInput | 'fail' | 'pending')[]) {
  const fetchStub = vi.fn<typeof fetch>((input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes(INIT_PATH)) return Promise.reject(new Error(`unexpected call ${url}`));
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer === 'pending') return new Promise<Response>(() => undefined);
    if (answer === 'fail' || answer === undefined) {
      return Promise.resolve(
        Response.json({ error_code: 1999, error_message: 'internal' }, { status: 500 }),
      );
    }
    return Promise.resolve(Response.json(answer));
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

function LocationProbe() {
  const location = useLocation();
  const type = useNavigationType();
  return (
    <output data-testid="location" data-navigation={type}>
      {location.pathname + location.search}
    </output>
  );
}

/** Shows the list: the player came back on purpose (the result page's "all methods" flag). */
function cameBackOnPurpose() {
  window.sessionStorage.setItem('phSkipLasUsedMethod', 'true');
}

async function renderHome(options: RenderWithAppOptions = {}) {
  const result = await renderWithApp(
    <>
      <DepositHomePage />
      <LocationProbe />
    </>,
    options,
  );
  await screen.findByRole('heading', { level: 1 });
  return result;
}

async function renderList(options: RenderWithAppOptions = {}) {
  cameBackOnPurpose();
  const result = await renderHome(options);
  await screen.findByRole('heading', { level: 2, name: 'Popular' });
  return result;
}

function groupHeadings(): string[] {
  return screen
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)
    .filter((text) => text !== 'Recommended for you' && text !== 'Quick picks');
}

function tileNamesIn(groupName: string): string[] {
  const section = screen.getByRole('region', { name: groupName });
  return within(section).getAllByRole('button').map(tileName);
}

/** The tile whose accessible name starts with the method name (the name is all its texts). */
function tile(name: string): HTMLElement {
  const buttons = screen
    .getAllByRole('button')
    .filter((button) => tileName(button) === name && button.classList.contains('cd-dh-tile'));
  const [only] = buttons;
  if (buttons.length !== 1 || only === undefined) throw new Error(`no single tile ${name}`);
  return only;
}

function tileName(button: HTMLElement): string {
  const id = button.getAttribute('aria-labelledby')?.split(' ')[0] ?? '';
  return document.getElementById(id)?.textContent ?? '';
}

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  setWidth(1280);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('homepage groups (SPEC §2 homepage, §4 method grouping)', () => {
  it('shows Popular, LostProfit, Regular, Disabled in that order, each sorted by arrangement descending', async () => {
    stubInit(initAnswer());
    await renderList();
    expect(groupHeadings()).toEqual([
      'Popular',
      'Bonus offers',
      'Payment methods',
      'Unavailable right now',
    ]);
    expect(tileNamesIn('Popular')).toEqual(['Visa / Mastercard']);
    expect(tileNamesIn('Bonus offers')).toEqual(['Crypto (QR code)']);
    // Wide layout: column 1 then column 2 (items 0, 2 | 1, 3 of E-Wallet, Mobile, Bank, Bet shop).
    expect(tileNamesIn('Payment methods')).toEqual([
      'E-Wallet',
      'Bank transfer',
      'Mobile money',
      'Cash at a bet shop',
    ]);
    expect(tileNamesIn('Unavailable right now')).toEqual(['Prepaid voucher', 'Legacy wallet']);
  });

  it('leaves Apple Pay out on the web (SPEC §6) and shows the balance (SPEC §3 user_balance)', async () => {
    stubInit(initAnswer());
    await renderList();
    expect(screen.queryByText('Apple Pay')).toBeNull();
    expect(screen.getByText('250.00 EUR')).toBeDefined();
  });

  it('SPEC §3 user_balance: while the list is read again after a payment, no balance from before it shows', async () => {
    let answerAgain: (response: Response) => void = () => undefined;
    const again = new Promise<Response>((resolve) => {
      answerAgain = resolve;
    });
    const fetchStub = stubInit(initAnswer());
    const { store } = await renderList();
    expect(screen.getByText('250.00 EUR')).toBeDefined();
    fetchStub.mockImplementation(() => again);
    // A payment became final (the result page says so): the list's answer is read again.
    act(() => {
      store.dispatch(cashierApi.util.invalidateTags(['Init']));
    });
    await screen.findByText('updating…');
    expect(screen.queryByText('250.00 EUR')).toBeNull();
    answerAgain(Response.json({ ...initAnswer(), user_balance: '313.00' }));
    await screen.findByText('313.00 EUR');
    expect(screen.queryByText('updating…')).toBeNull();
  });

  it('SPEC §6: offers no Apple Pay to an iOS player whose browser has no Payment Request API', async () => {
    stubInit(initAnswer());
    await renderList({ route: '/deposit?xChannel=MOBILE_NATIVE_IOS' });
    expect(tileNamesIn('Payment methods')).toContain('E-Wallet');
    expect(tileNamesIn('Payment methods')).not.toContain('Apple Pay');
    expect(screen.queryByText('Apple Pay')).toBeNull();
  });
});

describe('method tiles (SPEC §9 summary, §5 ribbon, §3 bonus)', () => {
  it('joins the summary parts with " • " and shows the lost-profit ribbon as a maximum', async () => {
    stubInit(initAnswer());
    await renderList();
    const card = tile('Visa / Mastercard');
    const summaryId = card.getAttribute('aria-labelledby')?.split(' ')[1] ?? '';
    expect(document.getElementById(summaryId)?.textContent).toBe(
      `Min. 5.00 EUR • Instant • Fee 1.5% + 0.25 EUR • Bonus included`,
    );
    const crypto = tile('Crypto (QR code)');
    expect(within(crypto).getByText(`Up to 5% or 15.00 EUR bonus`)).toBeDefined();
  });

  it('SPEC §9: shows the fee the player pays, never the method fee the operator absorbs (docs/fees.md)', async () => {
    stubInit(initAnswer());
    await renderList();
    // The e-wallet has a 2% method fee and no merchant user fee: the player pays no fee.
    const wallet = tile('E-Wallet');
    const summaryId = wallet.getAttribute('aria-labelledby')?.split(' ')[1] ?? '';
    expect(document.getElementById(summaryId)?.textContent ?? '').not.toMatch(/Fee/);
    expect(within(wallet).queryByText(/2%/)).toBeNull();
  });

  it('says a general bonus once and a pay-group bonus on its own tile', async () => {
    stubInit(initAnswer());
    await renderList();
    expect(screen.getAllByText('10% on every deposit up to 50')).toHaveLength(1);
    const wallet = tile('E-Wallet');
    expect(within(wallet).getByText('5 extra on e-wallet deposits from 10')).toBeDefined();
  });

  it('falls back to an initial-letter badge when a logo cannot load (SPEC §8 icon placeholder)', async () => {
    stubInit(initAnswer());
    await renderList();
    const wallet = tile('E-Wallet');
    const logo = within(wallet).getByRole('img', { name: 'E-Wallet logo' });
    logo.dispatchEvent(new Event('error'));
    await waitFor(() => {
      expect(within(wallet).queryByRole('img')).toBeNull();
    });
    expect(wallet.querySelector<HTMLElement>('.cd-dh-logo--initial')?.dataset.initial).toBe('E');
  });

  it('SPEC §3 logo, §8 icon fallback: a card method whose logo cannot load shows the real marks of the brands it names', async () => {
    stubInit(initAnswer());
    await renderList();
    const card = tile('Visa / Mastercard');
    within(card)
      .getByRole('img', { name: 'Visa / Mastercard logo' })
      .dispatchEvent(new Event('error'));
    await waitFor(() => {
      const marks = [...card.querySelectorAll('svg.cd-card-mark')];
      expect(marks.map((mark) => mark.getAttribute('data-mark'))).toEqual(['visa', 'mastercard']);
    });
    expect(within(card).queryByRole('img')).toBeNull();
    expect(card.querySelector('.cd-dh-logo--initial')).toBeNull();
  });
});

describe('type filters (SPEC §4 type display order)', () => {
  it('offers the present types in the spec order and filters the list', async () => {
    stubInit(initAnswer());
    await renderList();
    const bar = screen.getByRole('group', { name: 'Show methods by type' });
    const buttons = within(bar).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Popular',
      'All',
      'Bank transfers',
      'Credit and debit cards',
      'E-wallets',
      'Prepaid & cash',
      'Crypto',
      'Mobile',
      'Bet shops',
    ]);
    expect(within(bar).getByRole('button', { name: 'All', pressed: true })).toBeDefined();
    await userEvent.click(within(bar).getByRole('button', { name: 'E-wallets' }));
    expect(within(bar).getByRole('button', { name: 'E-wallets', pressed: true })).toBeDefined();
    expect(within(bar).getByRole('button', { name: 'All', pressed: false })).toBeDefined();
    expect(groupHeadings()).toEqual(['Payment methods', 'Unavailable right now']);
    expect(tileNamesIn('Payment methods')).toEqual(['E-Wallet']);
    expect(tileNamesIn('Unavailable right now')).toEqual(['Legacy wallet']);
  });
});

describe('two columns on wide layouts (SPEC §2, §9 mobile threshold 1023 px)', () => {
  it('alternates items between two columns above 1023 px', async () => {
    stubInit(initAnswer());
    await renderList();
    const section = screen.getByRole('region', { name: 'Payment methods' });
    const columns = within(section).getAllByRole('list');
    expect(columns).toHaveLength(2);
    const names = (list: HTMLElement) =>
      within(list)
        .getAllByRole('button')
        .map((button) => button.dataset.methodId);
    expect(names(columns[0] ?? section)).toEqual(['103', '106']);
    expect(names(columns[1] ?? section)).toEqual(['104', '107']);
  });

  it('SPEC §2 isForcedMobile: the host forces the mobile layout, one column at 1280 px', async () => {
    stubInit(initAnswer());
    await renderList({ route: '/deposit?isForcedMobile=true' });
    const section = screen.getByRole('region', { name: 'Payment methods' });
    const columns = within(section).getAllByRole('list');
    expect(columns).toHaveLength(1);
    expect(
      within(columns[0] ?? section)
        .getAllByRole('button')
        .map((button) => button.dataset.methodId),
    ).toEqual(['103', '104', '106', '107']);
  });

  it("SPEC §3 logoSizes: the brand's method logo size becomes the logo properties of the page (SPEC §9 40 by 40 without one)", async () => {
    const root = document.documentElement;
    stubInit({
      ...initAnswer(),
      widget_settings: {
        ...EXAMPLE_DEPOSIT_INIT.widget_settings,
        logo_sizes: { height: 32, width: 64 },
      },
    });
    await renderList();
    await vi.waitFor(() => {
      expect(root.style.getPropertyValue('--cd-logo-width')).toBe('64px');
    });
    expect(root.style.getPropertyValue('--cd-logo-height')).toBe('32px');
    cleanup();
    stubInit(initAnswer());
    await renderList();
    await vi.waitFor(() => {
      expect(root.style.getPropertyValue('--cd-logo-width')).toBe('40px');
    });
    expect(root.style.getPropertyValue('--cd-logo-height')).toBe('40px');
  });

  it('uses one column at 1023 px', async () => {
    setWidth(1023);
    stubInit(initAnswer());
    await renderList();
    const section = screen.getByRole('region', { name: 'Payment methods' });
    const columns = within(section).getAllByRole('list');
    expect(columns).toHaveLength(1);
    expect(
      within(columns[0] ?? section)
        .getAllByRole('button')
        .map((button) => button.dataset.methodId),
    ).toEqual(['103', '104', '106', '107']);
  });
});

describe('carousel (SPEC §2 visibility, §4 at most 5 enabled methods, §9)', () => {
  const carousel = () => screen.queryByRole('region', { name: 'Recommended for you' });

  it('shows the enabled carousel methods after the initial load, the chosen method first', async () => {
    window.sessionStorage.setItem('phSelectedMethodId', '104');
    stubInit(initAnswer());
    await renderList();
    const region = carousel();
    expect(region).not.toBeNull();
    expect(
      within(region ?? document.body)
        .getAllByRole('button')
        .map((button) => button.querySelector('bdi')?.textContent),
    ).toEqual(['Mobile money', 'Visa / Mastercard', 'Crypto (QR code)', 'E-Wallet']);
  });

  it('stays hidden once the player switches it off, also after coming back', async () => {
    stubInit(initAnswer());
    const { store, unmount } = await renderList();
    const toggle = screen.getByRole('switch', { name: 'Show recommended methods' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(toggle);
    expect(carousel()).toBeNull();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    unmount();
    await renderHome({ store });
    await screen.findByRole('heading', { level: 2, name: 'Popular' });
    expect(carousel()).toBeNull();
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('false');
  });

  it('is not shown with only one carousel method', async () => {
    stubInit(
      initAnswer(
        SEEDED_GROUPS.map((group) =>
          group.id === 101 ? group : { ...group, show_in_carousel: false },
        ),
      ),
    );
    await renderList();
    expect(carousel()).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('SPEC §9: is never shown to brand32, nor its switch; a partner code of brand8 sees it', async () => {
    stubInit(initAnswer());
    await renderList({ route: '/deposit?lang=en-brand32' });
    expect(carousel()).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    cleanup();
    stubInit(initAnswer());
    const { store } = await renderList({ route: '/deposit?lang=en-CSN' });
    expect(store.getState().session.brand).toBe('brand8');
    expect(carousel()).not.toBeNull();
  });

  it('holds at most 5 methods', async () => {
    stubInit(
      initAnswer(
        Array.from({ length: 7 }, (_, index) =>
          payGroup(200 + index, `m${String(index)}`, `Method ${String(index)}`, {
            arrangement: 100 - index,
            show_in_carousel: true,
            popular: true,
          }),
        ),
      ),
    );
    await renderList();
    expect(within(carousel() ?? document.body).getAllByRole('button')).toHaveLength(5);
  });
});

describe('quick suggestions (SPEC §4, §9: 2, last used excluded)', () => {
  const picks = () =>
    within(screen.getByRole('region', { name: 'Quick picks' }))
      .getAllByRole('button')
      .map((button) => button.dataset.methodId);

  it('SPEC §2, §4: shown with the carousel too, the first 2 enabled methods it does not offer', async () => {
    stubInit(initAnswer());
    await renderList();
    expect(screen.getByRole('region', { name: 'Recommended for you' })).toBeDefined();
    // The carousel offers 101, 105, 103 and 104; 108 is restricted and 109 disabled.
    expect(picks()).toEqual(['106', '107']);
  });

  it('offers the first 2 enabled methods after removing the last used one when the carousel is switched off (SPEC §4 quick suggestions)', async () => {
    window.localStorage.setItem('phLastUsedMethodId', '101');
    stubInit(initAnswer());
    await renderList();
    await userEvent.click(screen.getByRole('switch', { name: 'Show recommended methods' }));
    expect(picks()).toEqual(['105', '103']);
  });
});

describe('cashier features (SPEC §3 cashier_features)', () => {
  const withFeatures = (features: string[]) => ({
    ...initAnswer(),
    cashier_features: features,
  });

  it('SPEC §3: without billing_carousel there is no carousel nor its switch, and no automatic carousel choice', async () => {
    stubInit(withFeatures(['billing_quick_suggestions', 'billing_lost_profit']));
    await renderList();
    expect(screen.queryByRole('region', { name: 'Recommended for you' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByRole('region', { name: 'Quick picks' })).toBeDefined();
  });

  it('SPEC §3: without billing_quick_suggestions there are no quick picks', async () => {
    stubInit(withFeatures(['billing_carousel', 'billing_lost_profit']));
    await renderList();
    expect(screen.getByRole('region', { name: 'Recommended for you' })).toBeDefined();
    expect(screen.queryByRole('region', { name: 'Quick picks' })).toBeNull();
  });

  it('SPEC §3: without billing_lost_profit the lost-profit method is a regular one, without its ribbon', async () => {
    stubInit(withFeatures(['billing_carousel', 'billing_quick_suggestions']));
    await renderList();
    expect(screen.queryByRole('heading', { level: 2, name: 'Bonus offers' })).toBeNull();
    expect(screen.queryByText(/Up to 7%/)).toBeNull();
    expect(tileNamesIn('Payment methods')).toContain('Crypto (QR code)');
  });

  it('SPEC §3: names without the billing prefix turn nothing on', async () => {
    stubInit(withFeatures(['carousel', 'quick_suggestions', 'lost_profit']));
    await renderList();
    expect(screen.queryByRole('region', { name: 'Recommended for you' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Quick picks' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: 'Bonus offers' })).toBeNull();
  });
});

describe('country filtering (SPEC §3 country_filtering_enabled)', () => {
  const withCountry = (filtering: boolean, country: string | null) => ({
    ...initAnswer(),
    cashier_settings: { country_filtering_enabled: filtering },
    user_profile: { country, phone: null, language: 'en' },
  });

  it("SPEC §3: with filtering on the player is told the list is their country's, in their language", async () => {
    stubInit(withCountry(true, 'DE'));
    await renderList();
    expect(screen.getByText('Methods offered in Germany')).toBeDefined();
    cleanup();
    stubInit(withCountry(true, 'DE'));
    await renderHome({ language: 'uk' });
    expect(await screen.findByText('Способи оплати, доступні в країні: Німеччина')).toBeDefined();
  });

  it('SPEC §3: nothing is said with filtering off or without a country', async () => {
    stubInit(withCountry(false, 'DE'));
    await renderList();
    expect(screen.queryByText(/Methods offered in/)).toBeNull();
    cleanup();
    stubInit(withCountry(true, null));
    await renderList();
    expect(screen.queryByText(/Methods offered in/)).toBeNull();
  });
});

describe("SPEC §9: a low button's label is cut at 20 characters", () => {
  it('a quick pick (a low button) shows at most 20 characters of a method name and an ellipsis; the whole name stays its accessible name and tooltip', async () => {
    window.localStorage.setItem('phLastUsedMethodId', '101');
    const longName = 'Crypto (QR code) with any wallet';
    const twenty = 'E-Wallet for players';
    expect(twenty).toHaveLength(20);
    stubInit(
      initAnswer(
        SEEDED_GROUPS.map((group) =>
          group.id === 105
            ? { ...group, public_name: longName }
            : group.id === 103
              ? { ...group, public_name: twenty }
              : group,
        ),
      ),
    );
    await renderList();
    await userEvent.click(screen.getByRole('switch', { name: 'Show recommended methods' }));
    const region = screen.getByRole('region', { name: 'Quick picks' });
    const cut = within(region).getByRole('button', {
      name: `${longName} Up to 5% or 15.00 EUR bonus`,
    });
    // Cut before the word the 20th character would split: every word shown is in its name.
    expect(cut.querySelector('.cd-dh-shortcut__name')?.textContent).toBe('Crypto (QR code)…');
    expect(cut.getAttribute('title')).toBe(longName);
    // Exactly 20 characters: shown whole, no ellipsis, no tooltip.
    const whole = within(region).getByRole('button', { name: twenty });
    expect(whole.querySelector('.cd-dh-shortcut__name')?.textContent).toBe(twenty);
    expect(whole.hasAttribute('title')).toBe(false);
    // The carousel's tiles are not low buttons: their names are whole.
    await userEvent.click(screen.getByRole('switch', { name: 'Show recommended methods' }));
    const carousel = screen.getByRole('region', { name: 'Recommended for you' });
    expect(within(carousel).getByText(longName).textContent).toBe(longName);
  });
});

/** Every method id offered on the homepage, shortcut rows and list alike. */
function offeredIds(): string[] {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-method-id]'), (element) =>
    String(element.dataset.methodId),
  );
}

function listedIds(): string[] {
  return Array.from(document.querySelectorAll<HTMLElement>('.cd-dh-tile'), (element) =>
    String(element.dataset.methodId),
  );
}

/** The list at 390 px, where the popular card is in the carousel and not listed. */
async function renderPhoneList() {
  setWidth(390);
  cameBackOnPurpose();
  const result = await renderHome();
  await screen.findByRole('heading', { level: 2, name: 'Unavailable right now' });
  return result;
}

describe('each method once on a phone, never three times (SPEC §2 homepage)', () => {
  it('at 390 px the carousel offers its methods and the list leaves them out: each method once', async () => {
    stubInit(initAnswer());
    await renderPhoneList();
    const carousel = screen.getByRole('region', { name: 'Recommended for you' });
    const carouselIds = within(carousel)
      .getAllByRole('button')
      .map((button) => String(button.dataset.methodId));
    expect(carouselIds).toEqual(['101', '105', '103', '104']);
    const picks = screen.getByRole('region', { name: 'Quick picks' });
    expect(
      within(picks)
        .getAllByRole('button')
        .map((button) => button.dataset.methodId),
    ).toEqual(['106', '107']);
    // Every enabled method is in a shortcut row, so only the unavailable group is left.
    expect(groupHeadings()).toEqual(['Unavailable right now']);
    expect(listedIds()).toEqual(['108', '109']);
    const ids = offeredIds();
    expect(new Set(ids).size).toBe(ids.length);
    // The lost-profit ribbon its tile would carry goes with the shortcut (SPEC §5).
    expect(
      within(carousel).getByRole('button', {
        name: 'Crypto (QR code) Up to 5% or 15.00 EUR bonus',
      }),
    ).toBeDefined();
  });

  it('at 390 px with the carousel switched off the quick picks take its place, once each', async () => {
    stubInit(initAnswer());
    await renderPhoneList();
    await userEvent.click(screen.getByRole('switch', { name: 'Show recommended methods' }));
    const picks = screen.getByRole('region', { name: 'Quick picks' });
    expect(
      within(picks)
        .getAllByRole('button')
        .map((button) => button.dataset.methodId),
    ).toEqual(['101', '105']);
    expect(listedIds()).toEqual(['103', '104', '106', '107', '108', '109']);
    const ids = offeredIds();
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('at 1280 px the list stays complete beside the carousel, and no method is offered three times', async () => {
    stubInit(initAnswer());
    await renderList();
    expect(screen.getByRole('region', { name: 'Recommended for you' })).toBeDefined();
    expect(screen.getByRole('region', { name: 'Quick picks' })).toBeDefined();
    expect(new Set(listedIds())).toEqual(
      new Set(['101', '105', '103', '104', '106', '107', '108', '109']),
    );
    const ids = offeredIds();
    for (const id of ids) expect(ids.filter((other) => other === id).length).toBeLessThan(3);
  });

  it('a type filter shows every method of its type and no shortcut row, on a phone too', async () => {
    stubInit(initAnswer());
    await renderPhoneList();
    const bar = screen.getByRole('group', { name: 'Show methods by type' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Credit and debit cards' }));
    expect(screen.queryByRole('region', { name: 'Recommended for you' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    // The card, offered in the carousel under "All", is listed with its kind.
    expect(listedIds()).toContain('101');
    await userEvent.click(within(bar).getByRole('button', { name: 'All' }));
    expect(screen.getByRole('region', { name: 'Recommended for you' })).toBeDefined();
    expect(listedIds()).not.toContain('101');
  });
});

describe('the type filter row and the keyboard (SPEC §4 type filters)', () => {
  async function chips() {
    stubInit(initAnswer());
    await renderList();
    const bar = screen.getByRole('group', { name: 'Show methods by type' });
    return { bar, buttons: within(bar).getAllByRole('button') };
  }

  it('the arrow keys, Home and End move between the chips, and Tab still reaches each one', async () => {
    const { buttons } = await chips();
    buttons[0]?.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(buttons[1]);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(buttons.at(-1));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(buttons[0]);
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(buttons.at(-1));
    await userEvent.keyboard('{Enter}');
    expect(buttons.at(-1)?.getAttribute('aria-pressed')).toBe('true');
    buttons[0]?.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(buttons[1]);
  });

  it('right to left, ArrowLeft moves on along the row and ArrowRight back', async () => {
    const { bar, buttons } = await chips();
    bar.style.direction = 'rtl';
    buttons[0]?.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(buttons[1]);
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(buttons[0]);
  });
});

describe('restriction message (SPEC §4, §8 CASHIER.RESTRICT_UNTIL_TEXT_*, §9 12 h and 1 h)', () => {
  const NOW = new Date('2030-01-10T08:00:00.000Z');

  async function noteFor(restrictedUntil: string): Promise<string | null> {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    stubInit(
      initAnswer(
        SEEDED_GROUPS.map((group) =>
          group.id === 108 ? { ...group, restricted_until: restrictedUntil } : group,
        ),
      ),
    );
    await renderList();
    const voucher = tile('Prepaid voucher');
    return voucher.querySelector('.cd-dh-tile__note')?.textContent ?? null;
  }

  function clock(iso: string, withDate: boolean): string {
    const date = new Date(iso);
    const two = (value: number) => String(value).padStart(2, '0');
    const time = `${two(date.getHours())}:${two(date.getMinutes())}`;
    // English writes the day and month with a slash.
    return withDate ? `${two(date.getDate())}/${two(date.getMonth() + 1)} ${time}` : time;
  }

  it('more than 12 hours left: date and time with _BIG', async () => {
    const until = '2030-01-11T09:30:00.000Z';
    expect(await noteFor(until)).toBe(`Available again on ${clock(until, true)}`);
  });

  it('between 1 and 12 hours left: time of day with _MID', async () => {
    const until = '2030-01-10T13:45:00.000Z';
    expect(await noteFor(until)).toBe(`Available again at ${clock(until, false)}`);
  });

  it('under 1 hour left: minutes left with _SMALL', async () => {
    expect(await noteFor('2030-01-10T08:25:00.000Z')).toBe(`Available again in 25 min`);
  });

  it('a disabled method without restriction says it is unavailable', async () => {
    stubInit(initAnswer());
    await renderList();
    const voucher = tile('Legacy wallet');
    expect(voucher.querySelector('.cd-dh-tile__note')?.textContent).toBe('Temporarily unavailable');
  });
});

describe('choosing a method (SPEC §4)', () => {
  it('a disabled tile is aria-disabled and swallows the click', async () => {
    stubInit(initAnswer());
    await renderList({ route: '/deposit?theme=brand0' });
    const voucher = tile('Prepaid voucher');
    expect(voucher.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(voucher);
    expect(screen.getByTestId('location').textContent).toBe(
      '/deposit?theme=brand0&session_id=test-session&lang=en-brand0',
    );
    expect(window.sessionStorage.getItem('phSelectedMethodId')).toBeNull();
  });

  it('an enabled tile stores phSelectedMethodId and opens /deposit/<id> keeping the query', async () => {
    stubInit(initAnswer());
    await renderList({ route: '/deposit?theme=brand0' });
    await userEvent.click(tile('Bank transfer'));
    const location = screen.getByTestId('location');
    expect(location.textContent).toBe(
      '/deposit/106?theme=brand0&session_id=test-session&lang=en-brand0',
    );
    expect(location.dataset.navigation).toBe('PUSH');
    expect(window.sessionStorage.getItem('phSelectedMethodId')).toBe('106');
  });
});

describe('automatic method choice on the first load (SPEC §4, deposit order)', () => {
  const location = () => screen.getByTestId('location');

  it('takes the first carousel method when nothing else applies, replacing the list', async () => {
    stubInit(initAnswer());
    await renderHome();
    await waitFor(() => {
      expect(location().textContent).toBe('/deposit/101?session_id=test-session&lang=en-brand0');
    });
    expect(location().dataset.navigation).toBe('REPLACE');
  });

  it('takes the pay_group parameter before the carousel', async () => {
    stubInit(initAnswer());
    await renderHome({ route: '/deposit?pay_group=bank_transfer' });
    await waitFor(() => {
      expect(location().textContent).toBe(
        '/deposit/106?pay_group=bank_transfer&session_id=test-session&lang=en-brand0',
      );
    });
  });

  it('takes the last used card method (phLastUsedMethodId) before pay_group', async () => {
    window.localStorage.setItem('phLastUsedMethodId', '101');
    stubInit(initAnswer());
    await renderHome({ route: '/deposit?pay_group=bank_transfer' });
    await waitFor(() => {
      expect(location().textContent).toBe(
        '/deposit/101?pay_group=bank_transfer&session_id=test-session&lang=en-brand0',
      );
    });
  });

  it('does nothing when the player came back on purpose, and clears the flag', async () => {
    stubInit(initAnswer());
    await renderList({ route: '/deposit?pay_group=bank_transfer' });
    expect(location().textContent).toBe(
      '/deposit?pay_group=bank_transfer&session_id=test-session&lang=en-brand0',
    );
    expect(window.sessionStorage.getItem('phSkipLasUsedMethod')).toBeNull();
  });

  it('SPEC §2 cancel-withdrawal popup: a pending withdrawal keeps the player on the homepage, which shows it with its cancel', async () => {
    stubInit({ ...initAnswer(), withdrawal_reverse: { amount: '20.15', currency: 'EUR' } });
    const { store } = await renderHome();
    const cancel = await screen.findByRole('button', { name: 'Cancel withdrawal' });
    expect(cancel.closest('.cd-reversal')?.textContent).toMatch(/20\.15/);
    // The list stays: no method page opened by itself over the pending withdrawal (the choice
    // would have been made in the effect that ran with the list; its navigation is flushed).
    await act(() => Promise.resolve());
    expect(selectList(store.getState(), 'deposit').initialLoadDone).toBe(true);
    expect(location().textContent).toBe('/deposit?session_id=test-session&lang=en-brand0');
    expect(screen.getByRole('heading', { level: 2, name: 'Popular' })).toBeTruthy();
  });

  it('runs on the first load only', async () => {
    stubInit(initAnswer());
    const { store, unmount } = await renderHome();
    await waitFor(() => {
      expect(location().textContent).toBe('/deposit/101?session_id=test-session&lang=en-brand0');
    });
    unmount();
    await renderHome({ store });
    await screen.findByRole('heading', { level: 2, name: 'Popular' });
    expect(location().textContent).toBe('/deposit?session_id=test-session&lang=en-brand0');
  });
});

describe('messages (SPEC §2 no-methods and all-methods-unavailable, §8 empty list)', () => {
  it('says there are no methods when the list is empty', async () => {
    stubInit(initAnswer([]));
    await renderHome();
    expect(await screen.findByText('No payment methods')).toBeDefined();
    expect(
      screen.getByText(
        'There are no deposit methods for your account at the moment. Please contact support.',
      ),
    ).toBeDefined();
    expect(screen.queryByText('All payment methods are unavailable')).toBeNull();
  });

  it("SPEC §4: with no payment groups the default entry leads the answer's view data, shown with it", async () => {
    stubInit({
      ...initAnswer([]),
      view_data: [
        { type: 'text', title: 'Note', text: 'Deposits reopen at 10:00.' },
        { type: 'text', text: 'Card only', pay_group_id: 101 },
      ],
    });
    await renderHome();
    const entries = await screen.findByText('No payment methods');
    const block = entries.closest('.cd-view-data');
    expect(block).not.toBeNull();
    const [first, second, third] = Array.from(block?.children ?? []);
    expect(first?.textContent).toContain('No payment methods');
    expect(first?.textContent).toContain('There are no deposit methods for your account');
    expect(second?.textContent).toContain('Deposits reopen at 10:00.');
    // The entry of a method is the method page's, not the homepage's.
    expect(third).toBeUndefined();
  });

  it("SPEC §4: with payment groups there is no default entry; the answer's own view data is shown", async () => {
    stubInit({
      ...initAnswer(),
      view_data: [{ type: 'information_block', title: 'Note', text: 'Limits change soon.' }],
    });
    await renderList();
    expect(screen.getByText('Limits change soon.')).toBeDefined();
    expect(screen.queryByText('No payment methods')).toBeNull();
  });

  it('says all methods are unavailable when every method is disabled or restricted', async () => {
    stubInit(initAnswer(SEEDED_GROUPS.filter((group) => group.id === 108 || group.id === 109)));
    await renderHome();
    expect(await screen.findByText('All payment methods are unavailable')).toBeDefined();
    expect(screen.queryByText('No payment methods')).toBeNull();
    expect(groupHeadings()).toEqual(['Unavailable right now']);
  });
});

describe('loading and errors (SPEC §2 skeleton, §8)', () => {
  it('shows the skeleton while the method list loads', async () => {
    stubInit('pending');
    await renderWithApp(<DepositHomePage />);
    const skeleton = screen.getByRole('status', { name: 'Loading payment methods…' });
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('shows a translated error with a retry that loads the list', async () => {
    cameBackOnPurpose();
    const fetchStub = stubInit('fail', initAnswer());
    await renderWithApp(<DepositHomePage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'We could not load the payment methodsCheck your internet connection and try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Popular' })).toBeDefined();
    expect(fetchStub).toHaveBeenCalledTimes(2);
  });

  it('sets the body currency and clears the pay group (SPEC §2 body data attributes)', async () => {
    document.body.dataset.payGroupId = '101';
    stubInit(initAnswer());
    await renderList();
    expect(document.body.dataset.currency).toBe('EUR');
    expect(document.body.dataset.payGroupId).toBeUndefined();
  });

  it('speaks Arabic in Arabic (SPEC §1 languages)', async () => {
    stubInit(initAnswer());
    cameBackOnPurpose();
    await renderWithApp(<DepositHomePage />, { language: 'ar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'الإيداع' })).toBeDefined();
    expect(await screen.findByRole('heading', { level: 2, name: 'الأكثر استخدامًا' })).toBeDefined();
  });
});
