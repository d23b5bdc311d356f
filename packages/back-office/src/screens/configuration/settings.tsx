/** The brand's settings that the cashier shows, edited beside the live preview. */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { readSettings, updateSettings } from '../../api/configuration';
import type { Settings, SettingsChange } from '../../api/configuration';
import { useI18n } from '../../i18n/i18n';
import { SelectField, TextInput } from '../../ui/fields';
import { PreviewPane } from './preview-pane';
import { ConfigScreen, SaveBar, useSave } from './shared';

/** The settings this screen edits, as typed. */
interface Form {
  readonly support_url: string;
  readonly merchant_url: string;
  readonly success_page_redirect_timeout: string;
  readonly processing_page_redirect_timeout: string;
  readonly bonus_in_amount_block: boolean;
  readonly wager_rule_enabled: boolean;
}

function formOf(settings: Settings): Form {
  return {
    support_url: settings.support_url ?? '',
    merchant_url: settings.merchant_url ?? '',
    success_page_redirect_timeout: String(settings.success_page_redirect_timeout),
    processing_page_redirect_timeout: String(settings.processing_page_redirect_timeout),
    bonus_in_amount_block: settings.bonus_in_amount_block,
    wager_rule_enabled: settings.wager_rule_enabled,
  };
}

/** What differs from the saved settings, as PATCH /settings takes it. */
function changeOf(saved: Settings, form: Form): SettingsChange {
  const text = (value: string): string | null => (value.trim() === '' ? null : value.trim());
  const seconds = (value: string): number => Number(value.trim());
  const change: { -readonly [K in keyof SettingsChange]: SettingsChange[K] } = {};
  if (text(form.support_url) !== saved.support_url) change.support_url = text(form.support_url);
  if (text(form.merchant_url) !== saved.merchant_url) change.merchant_url = text(form.merchant_url);
  const success = seconds(form.success_page_redirect_timeout);
  if (success !== saved.success_page_redirect_timeout) {
    change.success_page_redirect_timeout = success;
  }
  const processing = seconds(form.processing_page_redirect_timeout);
  if (processing !== saved.processing_page_redirect_timeout) {
    change.processing_page_redirect_timeout = processing;
  }
  if (form.bonus_in_amount_block !== saved.bonus_in_amount_block) {
    change.bonus_in_amount_block = form.bonus_in_amount_block;
  }
  if (form.wager_rule_enabled !== saved.wager_rule_enabled) {
    change.wager_rule_enabled = form.wager_rule_enabled;
  }
  // The server checks every value (a bad one is 400 naming the field).
  return change;
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
  const [form, setForm] = useState<Form>(() => formOf(saved));
  const save = useSave(onSaved);
  const change = changeOf(saved, form);
  const set =
    <K extends keyof Form>(name: K) =>
    (value: Form[K]) => {
      setForm((current) => ({ ...current, [name]: value }));
    };
  const yesNo = [
    { id: 'yes', label: t('config.yes') },
    { id: 'no', label: t('config.no') },
  ];
  return (
    <div className="bo-config-layout">
      <section className="bo-card bo-config-editor" aria-labelledby="settings-title">
        <h2 className="bo-h2" id="settings-title">
          {t('config.settings')}
        </h2>
        <TextInput
          label={t('config.settings.supportUrl')}
          name="support_url"
          value={form.support_url}
          onChange={set('support_url')}
        />
        <TextInput
          label={t('config.settings.merchantUrl')}
          name="merchant_url"
          value={form.merchant_url}
          onChange={set('merchant_url')}
        />
        <TextInput
          label={t('config.settings.successTimeout')}
          name="success_page_redirect_timeout"
          inputMode="numeric"
          value={form.success_page_redirect_timeout}
          onChange={set('success_page_redirect_timeout')}
        />
        <TextInput
          label={t('config.settings.processingTimeout')}
          name="processing_page_redirect_timeout"
          inputMode="numeric"
          value={form.processing_page_redirect_timeout}
          onChange={set('processing_page_redirect_timeout')}
        />
        <SelectField
          label={t('config.settings.bonusInAmount')}
          name="bonus_in_amount_block"
          value={form.bonus_in_amount_block ? 'yes' : 'no'}
          options={yesNo}
          onChange={(value) => {
            set('bonus_in_amount_block')(value === 'yes');
          }}
        />
        <SelectField
          label={t('config.settings.wagerRule')}
          name="wager_rule_enabled"
          value={form.wager_rule_enabled ? 'yes' : 'no'}
          options={yesNo}
          onChange={(value) => {
            set('wager_rule_enabled')(value === 'yes');
          }}
        />
        <SaveBar
          state={save}
          version={version}
          onReload={() => {
            save.reset();
            onReload();
          }}
          onSave={() => {
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
