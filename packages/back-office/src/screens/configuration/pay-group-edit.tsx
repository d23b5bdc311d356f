/**
 * One pay group: enabled, name, order, popular, whether its links and payments open in the same
 * window, the countries it is offered in, and per currency the limits and the method fee,
 * beside the live preview of the edited group. A save writes the whole group (PUT) at the version
 * read; a value the server refuses is marked at its field.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { documentOf, readPayGroup, savePayGroup } from '../../api/configuration';
import type { PayGroup, PayGroupDraft } from '../../api/configuration';
import { useI18n } from '../../i18n/i18n';
import { ErrorNotice } from '../../ui/errors';
import { SelectField, TextInput } from '../../ui/fields';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/values';
import { PreviewPane } from './preview-pane';
import {
  ConfigSections,
  SaveBar,
  useReloads,
  amountOrNull,
  useFieldError,
  useSave,
  useVersioned,
} from './shared';

type Currency = PayGroupDraft['currencies'][number];

function PayGroupEditor({
  group,
  version,
  onReload,
  onSaved,
}: {
  readonly group: PayGroup;
  readonly version: number;
  readonly onReload: () => void;
  readonly onSaved: () => void;
}): ReactNode {
  const { t } = useI18n();
  const [draft, setDraft] = useState<PayGroupDraft>(() => documentOf(group));
  const [order, setOrder] = useState(String(group.arrangement));
  const [countries, setCountries] = useState((group.countries ?? []).join(', '));
  const save = useSave(onSaved);
  const errorAt = useFieldError(save);
  const arrangement = /^-?[0-9]+$/.test(order.trim()) ? Number(order.trim()) : draft.arrangement;
  // SPEC §3 country filtering: ISO codes typed apart by commas or spaces, in capitals.
  const countryCodes = countries
    .split(/[\s,]+/)
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '');
  const document: PayGroupDraft = { ...draft, arrangement, countries: countryCodes };
  const setCurrency = (index: number, change: Partial<Currency>) => {
    setDraft((current) => ({
      ...current,
      currencies: current.currencies.map((entry, at) =>
        at === index ? { ...entry, ...change } : entry,
      ),
    }));
  };
  const yesNo = [
    { id: 'yes', label: t('config.yes') },
    { id: 'no', label: t('config.no') },
  ];
  return (
    <div className="bo-config-layout">
      <section className="bo-card bo-config-editor" aria-labelledby="group-title">
        <h2 className="bo-h2" id="group-title">
          {t(group.flow === 'withdrawal' ? 'flow.withdrawal' : 'flow.deposit')} · {group.short_name}
        </h2>
        <SelectField
          label={t('config.payGroups.enabled')}
          name="enabled"
          value={draft.enabled === false ? 'no' : 'yes'}
          options={yesNo}
          onChange={(value) => {
            setDraft((current) => ({ ...current, enabled: value === 'yes' }));
          }}
        />
        <TextInput
          label={t('config.payGroups.publicName')}
          name="public_name"
          value={draft.public_name}
          errorMessage={errorAt('public_name')}
          onChange={(value) => {
            setDraft((current) => ({ ...current, public_name: value }));
          }}
        />
        <TextInput
          label={t('config.payGroups.order')}
          description={t('config.payGroups.orderHelp')}
          name="arrangement"
          inputMode="numeric"
          value={order}
          onChange={setOrder}
        />
        <SelectField
          label={t('config.payGroups.popular')}
          name="popular"
          value={draft.popular === true ? 'yes' : 'no'}
          options={yesNo}
          onChange={(value) => {
            setDraft((current) => ({ ...current, popular: value === 'yes' }));
          }}
        />
        <SelectField
          label={t('config.payGroups.selfTarget')}
          description={t('config.payGroups.selfTargetHelp')}
          name="self_target"
          value={draft.self_target === true ? 'yes' : 'no'}
          options={yesNo}
          onChange={(value) => {
            setDraft((current) => ({ ...current, self_target: value === 'yes' }));
          }}
        />
        <TextInput
          label={t('config.payGroups.countries')}
          description={t('config.payGroups.countriesHelp')}
          name="countries"
          value={countries}
          errorMessage={errorAt('countries', countryCodes)}
          onChange={setCountries}
        />
        {draft.currencies.map((entry, index) => (
          <fieldset key={entry.currency} className="bo-config-fieldset">
            <legend>{t('config.payGroups.limits', { currency: entry.currency })}</legend>
            <TextInput
              label={t('config.payGroups.min')}
              description={t('config.payGroups.amountHelp')}
              name={`min_amount_${entry.currency}`}
              inputMode="decimal"
              value={entry.min_amount ?? ''}
              errorMessage={errorAt(`currencies.${String(index)}.min_amount`)}
              onChange={(value) => {
                setCurrency(index, { min_amount: amountOrNull(value) });
              }}
            />
            <TextInput
              label={t('config.payGroups.max')}
              description={t('config.payGroups.amountHelp')}
              name={`max_amount_${entry.currency}`}
              inputMode="decimal"
              value={entry.max_amount ?? ''}
              errorMessage={errorAt(`currencies.${String(index)}.max_amount`)}
              onChange={(value) => {
                setCurrency(index, { max_amount: amountOrNull(value) });
              }}
            />
            <TextInput
              label={t('config.payGroups.fee')}
              name={`fee_${entry.currency}`}
              value={entry.fee ?? ''}
              errorMessage={errorAt(`currencies.${String(index)}.fee`)}
              onChange={(value) => {
                setCurrency(index, { fee: amountOrNull(value) });
              }}
            />
          </fieldset>
        ))}
        <SaveBar
          state={save}
          version={version}
          fields={[
            'public_name',
            'countries',
            ...draft.currencies.flatMap((_, index) =>
              ['min_amount', 'max_amount', 'fee'].map(
                (name) => `currencies.${String(index)}.${name}`,
              ),
            ),
          ]}
          onReload={() => {
            save.reset();
            onReload();
          }}
          onSave={() => {
            save.run(() => savePayGroup(group.flow, group.short_name, document, version));
          }}
        />
      </section>
      <PreviewPane
        flow={group.flow}
        draft={{
          pay_groups: [{ flow: group.flow, short_name: group.short_name, document }],
        }}
      />
    </div>
  );
}

export default function PayGroupEditScreen(): ReactNode {
  const { t } = useI18n();
  const { flow = '', shortName = '' } = useParams();
  const loaded = useVersioned(() => readPayGroup(flow, shortName), `${flow}/${shortName}`);
  const reloads = useReloads(loaded.reload);
  const { data } = loaded;
  return (
    <>
      <PageHeader
        title={t('config.payGroups.editTitle', { name: data?.data.public_name ?? shortName })}
      >
        <Link className="bo-link" to="/configuration/pay-groups">
          {t('config.payGroups.back')}
        </Link>
      </PageHeader>
      <ConfigSections />
      <ErrorNotice error={loaded.error} />
      {reloads.notice}
      {data === undefined ? (
        <Loading />
      ) : (
        <PayGroupEditor
          key={data.version}
          group={data.data}
          version={data.version}
          onReload={reloads.onReload}
          onSaved={reloads.onSaved}
        />
      )}
    </>
  );
}
