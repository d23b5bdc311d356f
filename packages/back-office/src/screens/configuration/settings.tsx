/**
 * The brand's settings, every one PATCH /settings takes, edited beside the live preview in a few
 * groups: embedding on the operator's site, where players go after a payment, how amounts and
 * methods show, and the rules. A save sends only what changed; a value the server refuses is
 * shown at its field.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { readSettings, updateSettings } from '../../api/configuration';
import type { Settings, SettingsChange } from '../../api/configuration';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/i18n';
import { SelectField, TextInput } from '../../ui/fields';
import { PreviewPane } from './preview-pane';
import { ConfigScreen, SaveBar, useFieldError, useSave } from './shared';
import { changeOf, formOf } from './settings-form';
import type { RedirectType, SettingsForm } from './settings-form';

const REDIRECT_TYPES: readonly { readonly id: RedirectType; readonly label: MessageKey }[] = [
  { id: 'self', label: 'config.settings.redirectSelf' },
  { id: 'blank', label: 'config.settings.redirectBlank' },
  { id: 'top', label: 'config.settings.redirectTop' },
  { id: 'parent', label: 'config.settings.redirectParent' },
];

const CURRENCY_DISPLAYS: readonly { readonly id: string; readonly label: MessageKey }[] = [
  { id: '1', label: 'config.settings.currencyDisplay1' },
  { id: '2', label: 'config.settings.currencyDisplay2' },
  { id: '3', label: 'config.settings.currencyDisplay3' },
  { id: '4', label: 'config.settings.currencyDisplay4' },
];

/** The body fields the screen marks when the server refuses them. */
const FIELDS = [
  'allowed_host_origins',
  'support_url',
  'merchant_url',
  'merchant_success_url',
  'merchant_fail_url',
  'merchant_processing_url',
  'success_page_redirect_timeout',
  'processing_page_redirect_timeout',
  'cashier_features',
  'widget_settings',
] as const;

function isRedirectType(value: string): value is RedirectType {
  return REDIRECT_TYPES.some((type) => type.id === value);
}

function SettingsEditor({
  saved,
  version,
  onReload,
  onSaved,
}: {
  readonly saved: Settings;
  readonly version: number;
  readonly onReload: () => void;
  readonly onSaved: () => void;
}): ReactNode {
  const { t } = useI18n();
  const [form, setForm] = useState<SettingsForm>(() => formOf(saved));
  // What the last save sent: a refused list item is quoted from it.
  const [sent, setSent] = useState<SettingsChange>({});
  const save = useSave(onSaved);
  const errorAt = useFieldError(save);
  const change = changeOf(saved, form);
  const set =
    <K extends keyof SettingsForm>(name: K) =>
    (value: SettingsForm[K]) => {
      setForm((current) => ({ ...current, [name]: value }));
    };
  const yesNo = (
    name:
      | 'bonus_in_amount_block'
      | 'country_filtering_enabled'
      | 'wager_rule_enabled'
      | 'show_pci_dss_logo',
    label: MessageKey,
  ) => (
    <SelectField
      label={t(label)}
      name={name}
      value={form[name] ? 'yes' : 'no'}
      options={[
        { id: 'yes', label: t('config.yes') },
        { id: 'no', label: t('config.no') },
      ]}
      onChange={(choice) => {
        set(name)(choice === 'yes');
      }}
    />
  );
  const address = (
    name:
      | 'support_url'
      | 'merchant_url'
      | 'merchant_success_url'
      | 'merchant_fail_url'
      | 'merchant_processing_url',
    label: MessageKey,
  ) => (
    <TextInput
      label={t(label)}
      description={t('config.settings.addressHelp')}
      name={name}
      value={form[name]}
      errorMessage={errorAt(name)}
      onChange={set(name)}
    />
  );
  const seconds = (
    name: 'success_page_redirect_timeout' | 'processing_page_redirect_timeout',
    label: MessageKey,
  ) => (
    <TextInput
      label={t(label)}
      description={t('config.settings.secondsHelp')}
      name={name}
      inputMode="numeric"
      value={form[name]}
      errorMessage={errorAt(name)}
      onChange={set(name)}
    />
  );
  const logoError = errorAt('widget_settings');
  return (
    <div className="bo-config-layout">
      <section className="bo-card bo-config-editor" aria-labelledby="settings-title">
        <h2 className="bo-h2" id="settings-title">
          {t('config.settings')}
        </h2>
        <fieldset className="bo-config-fieldset bo-config-fieldset--stack">
          <legend>{t('config.settings.embedding')}</legend>
          <TextInput
            label={t('config.settings.hostOrigins')}
            description={t('config.settings.hostOriginsHelp')}
            name="allowed_host_origins"
            multiline
            rows={4}
            value={form.allowed_host_origins}
            errorMessage={errorAt('allowed_host_origins', sent.allowed_host_origins)}
            onChange={set('allowed_host_origins')}
          />
          {address('support_url', 'config.settings.supportUrl')}
        </fieldset>
        <fieldset className="bo-config-fieldset bo-config-fieldset--stack">
          <legend>{t('config.settings.afterPayment')}</legend>
          {address('merchant_url', 'config.settings.merchantUrl')}
          {address('merchant_success_url', 'config.settings.successUrl')}
          {address('merchant_fail_url', 'config.settings.failUrl')}
          {address('merchant_processing_url', 'config.settings.processingUrl')}
          <SelectField
            label={t('config.settings.redirectType')}
            name="merchant_redirect_type"
            value={form.merchant_redirect_type}
            options={REDIRECT_TYPES.map((type) => ({ id: type.id, label: t(type.label) }))}
            onChange={(value) => {
              if (isRedirectType(value)) set('merchant_redirect_type')(value);
            }}
          />
          {seconds('success_page_redirect_timeout', 'config.settings.successTimeout')}
          {seconds('processing_page_redirect_timeout', 'config.settings.processingTimeout')}
        </fieldset>
        <fieldset className="bo-config-fieldset bo-config-fieldset--stack">
          <legend>{t('config.settings.display')}</legend>
          <SelectField
            label={t('config.settings.currencyDisplay')}
            name="currency_display_setting_id"
            value={form.currency_display_setting_id}
            options={CURRENCY_DISPLAYS.map((display) => ({
              id: display.id,
              label: t(display.label),
            }))}
            onChange={set('currency_display_setting_id')}
          />
          {yesNo('bonus_in_amount_block', 'config.settings.bonusInAmount')}
          {yesNo('show_pci_dss_logo', 'config.settings.pciDssLogo')}
          <div className="bo-config-pair">
            <TextInput
              label={t('config.settings.logoHeight')}
              description={t('config.settings.logoHeightHelp')}
              name="logo_height"
              inputMode="numeric"
              value={form.logo_height}
              errorMessage={logoError}
              onChange={set('logo_height')}
            />
            <TextInput
              label={t('config.settings.logoWidth')}
              description={t('config.settings.logoWidthHelp')}
              name="logo_width"
              inputMode="numeric"
              value={form.logo_width}
              errorMessage={logoError}
              onChange={set('logo_width')}
            />
          </div>
        </fieldset>
        <fieldset className="bo-config-fieldset bo-config-fieldset--stack">
          <legend>{t('config.settings.rules')}</legend>
          {yesNo('country_filtering_enabled', 'config.settings.countryFiltering')}
          {yesNo('wager_rule_enabled', 'config.settings.wagerRule')}
          <TextInput
            label={t('config.settings.features')}
            description={t('config.settings.featuresHelp')}
            name="cashier_features"
            multiline
            value={form.cashier_features}
            errorMessage={errorAt('cashier_features', sent.cashier_features)}
            onChange={set('cashier_features')}
          />
        </fieldset>
        <SaveBar
          state={save}
          version={version}
          fields={FIELDS}
          onReload={() => {
            save.reset();
            onReload();
          }}
          onSave={() => {
            setSent(change);
            save.run(() => updateSettings(change, version));
          }}
        />
      </section>
      <PreviewPane draft={Object.keys(change).length === 0 ? {} : { settings: change }} />
    </div>
  );
}

export default function SettingsScreen(): ReactNode {
  return (
    <ConfigScreen
      load={readSettings}
      name="settings"
      editor={(props) => <SettingsEditor {...props} />}
    />
  );
}
