/**
 * The tax tiers of each flow (SPEC §3, §5: the part of an amount in (from, to] is taxed by a
 * percentage and a fixed amount), edited beside the live preview; a save writes one flow's tiers.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { readTaxTiers, saveTaxTiers } from '../../api/configuration';
import type { TaxTier, TaxTiers } from '../../api/configuration';
import { useI18n } from '../../i18n/i18n';
import { SelectField, TextInput } from '../../ui/fields';
import { PreviewPane } from './preview-pane';
import { amountOrNull, ConfigScreen, SaveBar, useMayWrite, useSave } from './shared';

type Flow = 'deposit' | 'withdrawal';

function TaxEditor({
  saved,
  version,
  onReload,
  onSaved,
}: {
  readonly saved: TaxTiers;
  readonly version: number;
  readonly onReload: () => void;
  readonly onSaved: () => void;
}): ReactNode {
  const { t } = useI18n();
  const mayWrite = useMayWrite();
  const [flow, setFlow] = useState<Flow>('deposit');
  const [tiers, setTiers] = useState<Readonly<Record<Flow, readonly TaxTier[]>>>(saved);
  const save = useSave(onSaved);
  const shown = tiers[flow];
  const setTier = (index: number, change: Partial<TaxTier>) => {
    setTiers((current) => ({
      ...current,
      [flow]: current[flow].map((tier, at) => (at === index ? { ...tier, ...change } : tier)),
    }));
  };
  const flowName = t(flow === 'withdrawal' ? 'flow.withdrawal' : 'flow.deposit');
  return (
    <div className="bo-config-layout">
      <section className="bo-card bo-config-editor" aria-labelledby="tax-title">
        <h2 className="bo-h2" id="tax-title">
          {t('config.tax.flowTitle', { flow: flowName })}
        </h2>
        <SelectField
          label={t('config.payGroups.flow')}
          name="flow"
          value={flow}
          options={[
            { id: 'deposit', label: t('flow.deposit') },
            { id: 'withdrawal', label: t('flow.withdrawal') },
          ]}
          onChange={(value) => {
            save.reset();
            setFlow(value === 'withdrawal' ? 'withdrawal' : 'deposit');
          }}
        />
        {shown.length === 0 ? <p className="bo-muted">{t('config.tax.empty')}</p> : null}
        {shown.map((tier, index) => (
          // A tier has no identity of its own but its place.
          <fieldset key={index} className="bo-config-fieldset">
            <legend>{t('config.tax.tier', { number: String(index + 1) })}</legend>
            <TextInput
              label={t('config.tax.from')}
              name={`from_${String(index)}`}
              inputMode="decimal"
              value={tier.from}
              onChange={(value) => {
                setTier(index, { from: value.trim() });
              }}
            />
            <TextInput
              label={t('config.tax.to')}
              name={`to_${String(index)}`}
              inputMode="decimal"
              value={tier.to ?? ''}
              onChange={(value) => {
                setTier(index, { to: amountOrNull(value) });
              }}
            />
            <TextInput
              label={t('config.tax.percent')}
              name={`percent_${String(index)}`}
              inputMode="decimal"
              value={tier.percent_value}
              onChange={(value) => {
                setTier(index, { percent_value: value.trim() });
              }}
            />
            <TextInput
              label={t('config.tax.absolute')}
              name={`absolute_${String(index)}`}
              inputMode="decimal"
              value={tier.absolute_value}
              onChange={(value) => {
                setTier(index, { absolute_value: value.trim() });
              }}
            />
            <Button
              className="bo-button bo-button--ghost"
              onPress={() => {
                setTiers((current) => ({
                  ...current,
                  [flow]: current[flow].filter((_, at) => at !== index),
                }));
              }}
            >
              {t('config.tax.remove', { number: String(index + 1) })}
            </Button>
          </fieldset>
        ))}
        {mayWrite ? (
          <Button
            className="bo-button bo-button--secondary"
            onPress={() => {
              const last = shown.at(-1);
              setTiers((current) => ({
                ...current,
                [flow]: [
                  ...current[flow],
                  { from: last?.to ?? '0', to: null, percent_value: '0', absolute_value: '0' },
                ],
              }));
            }}
          >
            {t('config.tax.add')}
          </Button>
        ) : null}
        <SaveBar
          state={save}
          version={version}
          onReload={() => {
            save.reset();
            onReload();
          }}
          onSave={() => {
            save.run(() => saveTaxTiers(flow, { tiers: [...shown] }, version));
          }}
        />
      </section>
      <PreviewPane
        key={flow}
        flow={flow}
        draft={{ tax_tiers: [{ flow, document: { tiers: [...shown] } }] }}
      />
    </div>
  );
}

export default function TaxTiersScreen(): ReactNode {
  return (
    <ConfigScreen
      load={readTaxTiers}
      name="tax-tiers"
      editor={(props) => <TaxEditor {...props} />}
    />
  );
}
