import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import type { Settings } from '../../api/configuration';
import { changeOf, formOf, linesOf } from './settings-form';
import { refusedPath } from './shared';

const SAVED: Settings = {
  allowed_host_origins: ['https://www.brand.example'],
  merchant_url: 'https://www.brand.example/games',
  merchant_success_url: null,
  merchant_fail_url: '/failed',
  merchant_processing_url: null,
  merchant_redirect_type: 'top',
  success_page_redirect_timeout: 30,
  processing_page_redirect_timeout: 0,
  currency_display_setting_id: 1,
  bonus_in_amount_block: false,
  country_filtering_enabled: false,
  cashier_features: ['billing_saved_cards'],
  wager_rule_enabled: true,
  support_url: null,
  widget_settings: { theme_hint: 'wide', logo_sizes: { height: 40, width: 40 } },
  config_version: 7,
};

describe('the settings form', () => {
  it('changes nothing as long as nothing is edited, whitespace aside', () => {
    const form = formOf(SAVED);
    expect(changeOf(SAVED, form)).toEqual({});
    expect(
      changeOf(SAVED, {
        ...form,
        allowed_host_origins: '  https://www.brand.example \n\n',
        merchant_url: ' https://www.brand.example/games ',
        logo_height: ' 40',
      }),
    ).toEqual({});
  });

  it('reads the lists one item a line, and the widget settings it edits', () => {
    const form = formOf({
      ...SAVED,
      allowed_host_origins: ['https://a.example', 'http://localhost:3000'],
      widget_settings: { show_pci_dss_logo: true, logo_sizes: { height: 24, width: 64 } },
    });
    expect(form.allowed_host_origins).toBe('https://a.example\nhttp://localhost:3000');
    expect(form.show_pci_dss_logo).toBe(true);
    expect([form.logo_height, form.logo_width]).toEqual(['24', '64']);
    expect(formOf(SAVED).show_pci_dss_logo).toBe(false);
    expect(linesOf(' a \r\n\n b\n')).toEqual(['a', 'b']);
  });

  it('sends each edited field, and only that', () => {
    const form = formOf(SAVED);
    const one = (edit: Partial<typeof form>) => changeOf(SAVED, { ...form, ...edit });
    expect(
      one({ allowed_host_origins: 'https://www.brand.example\n https://m.brand.example ' }),
    ).toEqual({ allowed_host_origins: ['https://www.brand.example', 'https://m.brand.example'] });
    expect(one({ allowed_host_origins: '' })).toEqual({ allowed_host_origins: [] });
    expect(one({ merchant_success_url: ' /won ' })).toEqual({ merchant_success_url: '/won' });
    expect(one({ merchant_fail_url: '  ' })).toEqual({ merchant_fail_url: null });
    expect(one({ merchant_processing_url: 'https://x.example/wait' })).toEqual({
      merchant_processing_url: 'https://x.example/wait',
    });
    expect(one({ support_url: 'https://help.example' })).toEqual({
      support_url: 'https://help.example',
    });
    expect(one({ merchant_redirect_type: 'parent' })).toEqual({ merchant_redirect_type: 'parent' });
    expect(one({ currency_display_setting_id: '4' })).toEqual({ currency_display_setting_id: 4 });
    expect(one({ success_page_redirect_timeout: '15' })).toEqual({
      success_page_redirect_timeout: 15,
    });
    expect(one({ processing_page_redirect_timeout: '5' })).toEqual({
      processing_page_redirect_timeout: 5,
    });
    expect(one({ country_filtering_enabled: true })).toEqual({ country_filtering_enabled: true });
    expect(one({ bonus_in_amount_block: true })).toEqual({ bonus_in_amount_block: true });
    expect(one({ wager_rule_enabled: false })).toEqual({ wager_rule_enabled: false });
    expect(one({ cashier_features: 'billing_saved_cards\nquick_deposit' })).toEqual({
      cashier_features: ['billing_saved_cards', 'quick_deposit'],
    });
  });

  it('sends what is not a whole number for the server to refuse, never an empty field as 0', () => {
    const form = formOf(SAVED);
    const empty = changeOf(SAVED, { ...form, success_page_redirect_timeout: ' ' });
    expect(empty.success_page_redirect_timeout).toBeNaN();
    // NaN goes out as null, which the server refuses naming the field.
    expect(JSON.stringify(empty)).toBe('{"success_page_redirect_timeout":null}');
    const decimal = changeOf(SAVED, { ...form, processing_page_redirect_timeout: '1.5' });
    expect(decimal.processing_page_redirect_timeout).toBeNaN();
  });

  it("merges the PCI DSS mark and the logo sizes into the brand's widget settings, keeping the other keys", () => {
    const form = formOf(SAVED);
    expect(changeOf(SAVED, { ...form, show_pci_dss_logo: true })).toEqual({
      widget_settings: {
        theme_hint: 'wide',
        logo_sizes: { height: 40, width: 40 },
        show_pci_dss_logo: true,
      },
    });
    expect(changeOf(SAVED, { ...form, logo_height: '32', logo_width: '96' })).toEqual({
      widget_settings: { theme_hint: 'wide', logo_sizes: { height: 32, width: 96 } },
    });
    // Both sizes emptied: the key goes, for the widget's default.
    expect(changeOf(SAVED, { ...form, logo_height: '', logo_width: '' })).toEqual({
      widget_settings: { theme_hint: 'wide' },
    });
    // The mark turned off where it was on is said so; a key the screen does not know stays.
    const shown: Settings = {
      ...SAVED,
      widget_settings: { show_pci_dss_logo: true, '3ds_hint': { a: [1] } },
    };
    expect(changeOf(shown, { ...formOf(shown), show_pci_dss_logo: false })).toEqual({
      widget_settings: { show_pci_dss_logo: false, '3ds_hint': { a: [1] } },
    });
  });

  it('leaves a saved logo size it cannot show as it is while the sizes are not edited', () => {
    const odd: Settings = { ...SAVED, widget_settings: { logo_sizes: 'large' } };
    expect(changeOf(odd, formOf(odd))).toEqual({});
    expect(changeOf(odd, { ...formOf(odd), show_pci_dss_logo: true })).toEqual({
      widget_settings: { logo_sizes: 'large', show_pci_dss_logo: true },
    });
  });
});

describe('a refused value at its field', () => {
  const refusal = (field: string | undefined, code = '1002') =>
    new ApiError(400, code, field, undefined);

  it('is the path below the field the 400 names, and nothing for another field or error', () => {
    expect(refusedPath(refusal('body.allowed_host_origins.1'), 'allowed_host_origins')).toEqual([
      '1',
    ]);
    expect(refusedPath(refusal('body.merchant_url'), 'merchant_url')).toEqual([]);
    expect(refusedPath(refusal('body.currencies.0.min_amount'), 'currencies.0.min_amount')).toEqual(
      [],
    );
    expect(
      refusedPath(refusal('body.currencies.1.min_amount'), 'currencies.0.min_amount'),
    ).toBeUndefined();
    expect(refusedPath(refusal('body.merchant_url'), 'merchant_fail_url')).toBeUndefined();
    expect(refusedPath(refusal('body.merchant_url_x'), 'merchant_url')).toBeUndefined();
    expect(refusedPath(refusal('params.flow'), 'flow')).toBeUndefined();
    expect(refusedPath(refusal(undefined), 'merchant_url')).toBeUndefined();
    // Another refusal naming a body field is at that field too; a conflict is at none.
    expect(refusedPath(refusal('body.merchant_url', '1890'), 'merchant_url')).toEqual([]);
    expect(
      refusedPath(new ApiError(409, '1804', 'body.merchant_url', undefined), 'merchant_url'),
    ).toBeUndefined();
    expect(refusedPath(new Error('x'), 'merchant_url')).toBeUndefined();
  });
});
