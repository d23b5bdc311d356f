/**
 * The brand's connector routing (docs/decisions/0110-connector-routing.md): the rules in priority
 * order, each a card with its conditions, its connectors with their weights and first-try shares,
 * and cascade; buttons add, move and remove rules; a save writes the whole list (PUT
 * /routing-rules) at the version read, a refused value marked at its field. Beside them, the dry
 * run ("which connector would take this payment?") on the rules as edited, and the connectors
 * configured on the server with their health. A chunk of its own, loaded when the tab opens.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { METHOD_KINDS } from '@cashdesk/contract/values';
import {
  dryRunRouting,
  listConnectors,
  listPayGroups,
  readRoutingRules,
  saveRoutingRules,
} from '../../api/configuration';
import type {
  Connector,
  Connectors,
  DryRunAnswer,
  PayGroup,
  RoutingRules,
} from '../../api/configuration';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/i18n';
import { ErrorNotice } from '../../ui/errors';
import { SelectField, TextInput } from '../../ui/fields';
import { When } from '../../ui/values';
import {
  CARD_TYPES,
  PROBE_START,
  addRule,
  documentOf,
  dryRunRequestOf,
  fieldsOf,
  formOf,
  moved,
  sharesOf,
  withRule,
  without,
} from './routing-form';
import type { Either, ProbeForm, RoutingForm, RuleForm, TargetForm } from './routing-form';
import { ConfigScreen, SaveBar, refusedPath, useFieldError, useMayWrite, useSave } from './shared';
import type { EditorProps, SaveState } from './shared';
import './routing.css';

/** What the screen reads: the rules, the connectors they may name, the brand's pay groups. */
interface RoutingData {
  readonly rules: RoutingRules;
  readonly connectors: Connectors['connectors'];
  readonly payGroups: readonly PayGroup[];
}

async function loadRouting(): Promise<RoutingData> {
  const [rules, connectors, groups] = await Promise.all([
    readRoutingRules(),
    listConnectors(),
    listPayGroups(),
  ]);
  return { rules, connectors: connectors.connectors, payGroups: groups.pay_groups };
}

/** A rule names at most this many connectors (the contract's). */
const MAX_CONNECTORS = 5;

const METHOD_KIND_LABELS: Readonly<Record<(typeof METHOD_KINDS)[number], MessageKey>> = {
  card: 'config.routing.kind.card',
  alternative: 'config.routing.kind.alternative',
  mobile: 'config.routing.kind.mobile',
  display_form: 'config.routing.kind.display_form',
  bank_transfer: 'config.routing.kind.bank_transfer',
  bet_shop: 'config.routing.kind.bet_shop',
};

type FieldError = (field: string, sent?: readonly string[]) => string | undefined;

/** A list of choices as checkboxes: none ticked leaves the condition out. */
function CheckGroup<T extends string>({
  legend,
  help,
  options,
  chosen,
  error,
  onChange,
}: {
  readonly legend: string;
  readonly help: string;
  readonly options: readonly { readonly id: T; readonly label: string }[];
  readonly chosen: readonly T[];
  readonly error: string | undefined;
  readonly onChange: (next: readonly T[]) => void;
}): ReactNode {
  const id = useId();
  const described = error === undefined ? `${id}-help` : `${id}-help ${id}-error`;
  return (
    <fieldset className="bo-routing-checks">
      <legend className="bo-label">{legend}</legend>
      <p id={`${id}-help`} className="bo-help">
        {help}
      </p>
      <div className="bo-routing-checks__options">
        {options.map((option) => (
          <label key={option.id} className="bo-routing-check">
            <input
              type="checkbox"
              checked={chosen.includes(option.id)}
              aria-describedby={described}
              {...(error === undefined ? {} : { 'aria-invalid': true })}
              onChange={(event) => {
                onChange(
                  event.target.checked
                    ? [...chosen, option.id]
                    : chosen.filter((item) => item !== option.id),
                );
              }}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error === undefined ? null : (
        <span id={`${id}-error`} className="bo-field-error">
          {error}
        </span>
      )}
    </fieldset>
  );
}

/** A yes / no / any condition. */
function EitherField({
  label,
  name,
  value,
  error,
  onChange,
}: {
  readonly label: string;
  readonly name: string;
  readonly value: Either;
  readonly error: string | undefined;
  readonly onChange: (value: Either) => void;
}): ReactNode {
  const { t } = useI18n();
  return (
    <SelectField
      label={label}
      name={name}
      value={value}
      errorMessage={error}
      options={[
        { id: 'any', label: t('config.routing.any') },
        { id: 'yes', label: t('config.yes') },
        { id: 'no', label: t('config.no') },
      ]}
      onChange={(choice) => {
        onChange(choice === 'yes' ? 'yes' : choice === 'no' ? 'no' : 'any');
      }}
    />
  );
}

/** A rule's connectors in order, each with its weight and the share it is tried first for. */
function TargetList({
  rule,
  at,
  names,
  errorAt,
  mayWrite,
  onChange,
}: {
  readonly rule: RuleForm;
  /** The rule's body field, `rules.<index>`. */
  readonly at: string;
  readonly names: readonly string[];
  readonly errorAt: FieldError;
  readonly mayWrite: boolean;
  readonly onChange: (connectors: readonly TargetForm[]) => void;
}): ReactNode {
  const { t } = useI18n();
  const shares = sharesOf(rule.connectors);
  const count = rule.connectors.length;
  const unused = names.filter(
    (name) => !rule.connectors.some((target) => target.connector === name),
  );
  const set = (index: number, change: Partial<TargetForm>) => {
    onChange(
      rule.connectors.map((target, position) =>
        position === index ? { ...target, ...change } : target,
      ),
    );
  };
  return (
    <fieldset className="bo-config-fieldset bo-config-fieldset--stack">
      <legend>{t('config.routing.connectors')}</legend>
      <p className="bo-help">{t('config.routing.connectorsHelp')}</p>
      <ol className="bo-routing-targets">
        {rule.connectors.map((target, index) => {
          const number = String(index + 1);
          const field = `${at}.connectors.${String(index)}`;
          const share = shares[index];
          const options = names.includes(target.connector) ? names : [target.connector, ...names];
          return (
            // A connector of a rule has no identity but its place (a name may be typed twice).
            <li key={index} className="bo-routing-target">
              <div className="bo-routing-target__fields">
                <SelectField
                  label={t('config.routing.connector', { number })}
                  name={`${field}.connector`}
                  value={target.connector}
                  errorMessage={errorAt(`${field}.connector`)}
                  options={options.map((name) => ({
                    id: name,
                    label: names.includes(name)
                      ? name
                      : t('config.routing.notConfigured', { name }),
                  }))}
                  onChange={(connector) => {
                    set(index, { connector });
                  }}
                />
                <TextInput
                  label={t('config.routing.weight', { number })}
                  description={t('config.routing.weightHelp')}
                  name={`${field}.weight`}
                  inputMode="numeric"
                  value={target.weight}
                  errorMessage={errorAt(`${field}.weight`)}
                  onChange={(weight) => {
                    set(index, { weight });
                  }}
                />
                <p className="bo-routing-share" aria-live="polite">
                  {share === null || share === undefined
                    ? t('config.routing.noShare')
                    : t('config.routing.share', { share })}
                </p>
              </div>
              {mayWrite ? (
                <div className="bo-row-actions">
                  <Button
                    className="bo-button bo-button--ghost"
                    isDisabled={index === 0}
                    onPress={() => {
                      onChange(moved(rule.connectors, index, -1));
                    }}
                  >
                    {t('config.routing.connectorUp', { number })}
                  </Button>
                  <Button
                    className="bo-button bo-button--ghost"
                    isDisabled={index === count - 1}
                    onPress={() => {
                      onChange(moved(rule.connectors, index, 1));
                    }}
                  >
                    {t('config.routing.connectorDown', { number })}
                  </Button>
                  <Button
                    className="bo-button bo-button--ghost"
                    isDisabled={count === 1}
                    onPress={() => {
                      onChange(without(rule.connectors, index));
                    }}
                  >
                    {t('config.routing.connectorRemove', { number })}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      {mayWrite && count < MAX_CONNECTORS && unused[0] !== undefined ? (
        <Button
          className="bo-button bo-button--secondary"
          onPress={() => {
            onChange([...rule.connectors, { connector: unused[0] ?? '', weight: '0' }]);
          }}
        >
          {t('config.routing.connectorAdd')}
        </Button>
      ) : null}
    </fieldset>
  );
}

/** One rule as a card: its name, enabled, conditions, connectors and cascade, and its moves. */
function RuleCard({
  rule,
  index,
  count,
  names,
  payGroupNames,
  errorAt,
  sentLists,
  mayWrite,
  onChange,
  onMove,
  onRemove,
}: {
  readonly rule: RuleForm;
  readonly index: number;
  readonly count: number;
  readonly names: readonly string[];
  readonly payGroupNames: readonly string[];
  readonly errorAt: FieldError;
  /** What the last save sent of this rule's lists, to quote a refused item. */
  readonly sentLists: Readonly<Record<string, readonly string[]>>;
  readonly mayWrite: boolean;
  readonly onChange: (change: (rule: RuleForm) => RuleForm) => void;
  readonly onMove: (by: -1 | 1) => void;
  readonly onRemove: () => void;
}): ReactNode {
  const { t } = useI18n();
  const at = `rules.${String(index)}`;
  const number = String(index + 1);
  const titleId = useId();
  const set =
    <K extends keyof RuleForm>(name: K) =>
    (value: RuleForm[K]) => {
      onChange((current) => ({ ...current, [name]: value }));
    };
  const upButton = useRef<HTMLButtonElement>(null);
  const downButton = useRef<HTMLButtonElement>(null);
  // After a move the focus stays with the card: on the button pressed, or on the other one when
  // the card reached an end (a disabled button cannot hold it).
  const movedBy = useRef<-1 | 1 | null>(null);
  useEffect(() => {
    const by = movedBy.current;
    if (by === null) return;
    movedBy.current = null;
    const atEnd = by === -1 ? index === 0 : index === count - 1;
    ((by === -1) !== atEnd ? upButton : downButton).current?.focus();
  }, [index, count]);
  const move = (by: -1 | 1) => {
    movedBy.current = by;
    onMove(by);
  };
  const when = (condition: string, sent?: readonly string[]) =>
    errorAt(`${at}.when.${condition}`, sent);
  const yesNo = [
    { id: 'yes', label: t('config.yes') },
    { id: 'no', label: t('config.no') },
  ];
  return (
    <li className="bo-routing-rule">
      <section className="bo-card bo-config-editor" aria-labelledby={titleId}>
        <div className="bo-routing-rule__head">
          <h3 className="bo-h2" id={titleId}>
            {t('config.routing.ruleTitle', {
              number,
              name: rule.name.trim() === '' ? t('config.routing.unnamed') : rule.name,
            })}
          </h3>
          <span className={`bo-badge bo-badge--${rule.enabled ? 'good' : 'neutral'}`}>
            {t(rule.enabled ? 'config.routing.on' : 'config.routing.off')}
          </span>
        </div>
        <TextInput
          label={t('config.routing.name')}
          name={`${at}.name`}
          value={rule.name}
          maxLength={100}
          errorMessage={errorAt(`${at}.name`)}
          onChange={set('name')}
        />
        <div className="bo-config-pair">
          <SelectField
            label={t('config.routing.enabled')}
            name={`${at}.enabled`}
            value={rule.enabled ? 'yes' : 'no'}
            options={yesNo}
            onChange={(value) => {
              set('enabled')(value === 'yes');
            }}
          />
          <SelectField
            label={t('config.routing.cascade')}
            name={`${at}.cascade`}
            value={rule.cascade ? 'yes' : 'no'}
            options={yesNo}
            onChange={(value) => {
              set('cascade')(value === 'yes');
            }}
          />
        </div>
        <p className="bo-help">{t('config.routing.cascadeHelp')}</p>
        <fieldset className="bo-config-fieldset">
          <legend>{t('config.routing.conditions')}</legend>
          <p className="bo-help bo-routing-wide">{t('config.routing.conditionsHelp')}</p>
          <SelectField
            label={t('config.routing.flow')}
            name={`${at}.when.flow`}
            value={rule.flow}
            errorMessage={when('flow')}
            options={[
              { id: 'any', label: t('config.routing.any') },
              { id: 'deposit', label: t('flow.deposit') },
              { id: 'withdrawal', label: t('flow.withdrawal') },
            ]}
            onChange={(value) => {
              set('flow')(value === 'deposit' || value === 'withdrawal' ? value : 'any');
            }}
          />
          <EitherField
            label={t('config.routing.firstDeposit')}
            name={`${at}.when.first_deposit`}
            value={rule.first_deposit}
            error={when('first_deposit')}
            onChange={set('first_deposit')}
          />
          <EitherField
            label={t('config.routing.verified')}
            name={`${at}.when.verified`}
            value={rule.verified}
            error={when('verified')}
            onChange={set('verified')}
          />
          <div className="bo-routing-wide">
            <CheckGroup
              legend={t('config.routing.methodKinds')}
              help={t('config.routing.anyHelp')}
              options={METHOD_KINDS.map((kind) => ({
                id: kind,
                label: t(METHOD_KIND_LABELS[kind]),
              }))}
              chosen={rule.method_kinds}
              error={when('method_kinds')}
              onChange={set('method_kinds')}
            />
          </div>
          <div className="bo-routing-wide">
            <CheckGroup
              legend={t('config.routing.payGroups')}
              help={t('config.routing.anyHelp')}
              options={[...new Set([...payGroupNames, ...rule.pay_groups])].map((name) => ({
                id: name,
                label: name,
              }))}
              chosen={rule.pay_groups}
              error={when('pay_groups', sentLists.pay_groups)}
              onChange={set('pay_groups')}
            />
          </div>
          <TextInput
            label={t('config.routing.currencies')}
            description={t('config.routing.currenciesHelp')}
            name={`${at}.when.currencies`}
            value={rule.currencies}
            errorMessage={when('currencies', sentLists.currencies)}
            onChange={set('currencies')}
          />
          <TextInput
            label={t('config.routing.countries')}
            description={t('config.routing.countriesHelp')}
            name={`${at}.when.countries`}
            value={rule.countries}
            errorMessage={when('countries', sentLists.countries)}
            onChange={set('countries')}
          />
          <TextInput
            label={t('config.routing.amountFrom')}
            description={t('config.routing.amountHelp')}
            name={`${at}.when.amount_from`}
            inputMode="decimal"
            value={rule.amount_from}
            errorMessage={when('amount_from')}
            onChange={set('amount_from')}
          />
          <TextInput
            label={t('config.routing.amountTo')}
            description={t('config.routing.amountHelp')}
            name={`${at}.when.amount_to`}
            inputMode="decimal"
            value={rule.amount_to}
            errorMessage={when('amount_to')}
            onChange={set('amount_to')}
          />
          <div className="bo-routing-wide">
            <CheckGroup
              legend={t('config.routing.cardTypes')}
              help={t('config.routing.cardTypesHelp')}
              options={CARD_TYPES}
              chosen={rule.card_types}
              error={when('card_types')}
              onChange={set('card_types')}
            />
          </div>
          <div className="bo-routing-wide">
            <TextInput
              label={t('config.routing.binRanges')}
              description={t('config.routing.binRangesHelp')}
              name={`${at}.when.bin_ranges`}
              multiline
              rows={2}
              value={rule.bin_ranges}
              errorMessage={when('bin_ranges', sentLists.bin_ranges)}
              onChange={set('bin_ranges')}
            />
          </div>
        </fieldset>
        <TargetList
          rule={rule}
          at={at}
          names={names}
          errorAt={errorAt}
          mayWrite={mayWrite}
          onChange={(connectors) => {
            onChange((current) => ({ ...current, connectors }));
          }}
        />
        {mayWrite ? (
          <div className="bo-row-actions">
            <Button
              ref={upButton}
              className="bo-button bo-button--secondary"
              isDisabled={index === 0}
              onPress={() => {
                move(-1);
              }}
            >
              {t('config.routing.ruleUp', { number })}
            </Button>
            <Button
              ref={downButton}
              className="bo-button bo-button--secondary"
              isDisabled={index === count - 1}
              onPress={() => {
                move(1);
              }}
            >
              {t('config.routing.ruleDown', { number })}
            </Button>
            <Button className="bo-button bo-button--danger" onPress={onRemove}>
              {t('config.routing.ruleRemove', { number })}
            </Button>
          </div>
        ) : null}
      </section>
    </li>
  );
}

/** A connector's health as a badge that says it in words. */
function HealthBadge({ health }: { readonly health: Connector['health'] }): ReactNode {
  const { t } = useI18n();
  const tone = health.state === 'healthy' ? 'good' : health.state === 'open' ? 'bad' : 'wait';
  return (
    <span className={`bo-badge bo-badge--${tone}`}>
      {t(`config.routing.health.${health.state}`)}
    </span>
  );
}

/** The connectors configured on the server, with their health and what they declare. */
function ConnectorPanel({ connectors }: { readonly connectors: readonly Connector[] }): ReactNode {
  const { t } = useI18n();
  return (
    <section className="bo-card" aria-labelledby="connectors-title">
      <h2 className="bo-h2" id="connectors-title">
        {t('config.routing.connectorsTitle')}
      </h2>
      <ul className="bo-routing-connectors">
        {connectors.map((connector) => (
          <li key={connector.name} className="bo-routing-connector">
            <h3 className="bo-routing-connector__name">
              <span className="bo-mono">{connector.name}</span>{' '}
              {connector.default ? (
                <span className="bo-badge bo-badge--neutral">{t('config.routing.default')}</span>
              ) : null}
              <HealthBadge health={connector.health} />
            </h3>
            <dl className="bo-dl">
              <div className="bo-dl__row">
                <dt>{t('config.routing.window')}</dt>
                <dd>
                  {t('config.routing.calls', {
                    calls: String(connector.health.calls),
                    failures: String(connector.health.failures),
                  })}
                </dd>
              </div>
              {connector.health.opened_at === null ? null : (
                <div className="bo-dl__row">
                  <dt>{t('config.routing.openedAt')}</dt>
                  <dd>
                    <When at={connector.health.opened_at} />
                  </dd>
                </div>
              )}
              <div className="bo-dl__row">
                <dt>{t('config.routing.refunds')}</dt>
                <dd>{t(connector.refunds ? 'config.yes' : 'config.no')}</dd>
              </div>
              <div className="bo-dl__row">
                <dt>{t('config.routing.webhooks')}</dt>
                <dd>{t(connector.webhooks ? 'config.yes' : 'config.no')}</dd>
              </div>
              <div className="bo-dl__row bo-routing-wide">
                <dt>{t('config.routing.softDeclines')}</dt>
                <dd className="bo-mono">
                  {connector.soft_decline_codes.length === 0
                    ? t('config.none')
                    : connector.soft_decline_codes.join(', ')}
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The dry run's answer. */
function DryRunResult({ answer }: { readonly answer: DryRunAnswer }): ReactNode {
  const { t } = useI18n();
  return (
    <div className="bo-routing-answer">
      <p>
        <strong>
          {answer.rule === null
            ? t('config.routing.noRule')
            : t('config.routing.takenBy', {
                number: String(answer.rule.index + 1),
                name: answer.rule.name,
              })}
        </strong>
      </p>
      <ol className="bo-routing-candidates" aria-label={t('config.routing.candidates')}>
        {answer.candidates.map((candidate) => (
          <li key={candidate.connector}>
            <span className="bo-mono">{candidate.connector}</span>:{' '}
            {t('config.routing.share', { share: candidate.first_share })}
          </li>
        ))}
      </ol>
      <p>{t(answer.cascade ? 'config.routing.cascades' : 'config.routing.noCascade')}</p>
    </div>
  );
}

/**
 * "Which connector would take this payment?": a payment described, routed by the server through
 * the rules as edited (`draft`), nothing saved.
 */
function DryRunPanel({
  draft,
  payGroups,
  state,
}: {
  readonly draft: RoutingRules;
  readonly payGroups: readonly PayGroup[];
  readonly state: DryRunState;
}): ReactNode {
  const { t } = useI18n();
  const firstOf = (flow: string) =>
    String(payGroups.find((group) => group.flow === flow)?.id ?? '');
  const [probe, setProbe] = useState<ProbeForm>(() => ({
    ...PROBE_START,
    pay_group_id: firstOf(PROBE_START.flow),
  }));
  const set =
    <K extends keyof ProbeForm>(name: K) =>
    (value: ProbeForm[K]) => {
      setProbe((current) => ({ ...current, [name]: value }));
    };
  const request = dryRunRequestOf(probe, draft);
  const stale = state.answer !== undefined && state.answer.draft !== JSON.stringify(request);
  const rulesRefused = refusedPath(state.error, 'rules') !== undefined;
  const yesNo = [
    { id: 'yes', label: t('config.yes') },
    { id: 'no', label: t('config.no') },
  ];
  return (
    <section
      className="bo-card bo-config-editor bo-routing-dry-run"
      aria-labelledby="dry-run-title"
    >
      <h2 className="bo-h2" id="dry-run-title">
        {t('config.routing.dryRunTitle')}
      </h2>
      <p className="bo-help">{t('config.routing.dryRunHelp')}</p>
      <form
        className="bo-routing-probe"
        onSubmit={(event) => {
          event.preventDefault();
          state.run(request);
        }}
      >
        <SelectField
          label={t('config.routing.flow')}
          name="probe_flow"
          value={probe.flow}
          options={[
            { id: 'deposit', label: t('flow.deposit') },
            { id: 'withdrawal', label: t('flow.withdrawal') },
          ]}
          onChange={(value) => {
            const flow = value === 'withdrawal' ? 'withdrawal' : 'deposit';
            setProbe((current) => ({ ...current, flow, pay_group_id: firstOf(flow) }));
          }}
        />
        <SelectField
          label={t('config.routing.payGroup')}
          name="probe_pay_group"
          value={probe.pay_group_id}
          errorMessage={
            refusedPath(state.error, 'pay_group_id') === undefined ? undefined : t('config.refused')
          }
          options={payGroups
            .filter((group) => group.flow === probe.flow)
            .map((group) => ({
              id: String(group.id),
              label: `${group.public_name} (${group.short_name})`,
            }))}
          onChange={set('pay_group_id')}
        />
        <TextInput
          label={t('config.routing.currency')}
          name="probe_currency"
          value={probe.currency}
          errorMessage={
            refusedPath(state.error, 'currency') === undefined ? undefined : t('config.refused')
          }
          onChange={set('currency')}
        />
        <TextInput
          label={t('config.routing.amount')}
          name="probe_amount"
          inputMode="decimal"
          value={probe.amount}
          errorMessage={
            refusedPath(state.error, 'amount') === undefined ? undefined : t('config.refused')
          }
          onChange={set('amount')}
        />
        <TextInput
          label={t('config.routing.country')}
          description={t('config.routing.countryHelp')}
          name="probe_country"
          value={probe.country}
          errorMessage={
            refusedPath(state.error, 'country') === undefined ? undefined : t('config.refused')
          }
          onChange={set('country')}
        />
        <TextInput
          label={t('config.routing.cardBin')}
          description={t('config.routing.cardBinHelp')}
          name="probe_card_bin"
          inputMode="numeric"
          value={probe.card_bin}
          errorMessage={
            refusedPath(state.error, 'card_bin') === undefined ? undefined : t('config.refused')
          }
          onChange={set('card_bin')}
        />
        <SelectField
          label={t('config.routing.firstDeposit')}
          name="probe_first_deposit"
          value={probe.first_deposit ? 'yes' : 'no'}
          options={yesNo}
          onChange={(value) => {
            set('first_deposit')(value === 'yes');
          }}
        />
        <SelectField
          label={t('config.routing.verified')}
          name="probe_verified"
          value={probe.verified ? 'yes' : 'no'}
          options={yesNo}
          onChange={(value) => {
            set('verified')(value === 'yes');
          }}
        />
        <div className="bo-routing-wide">
          <Button type="submit" className="bo-button bo-button--primary" isDisabled={state.busy}>
            {t('config.routing.tryIt')}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {rulesRefused ? (
          <div className="bo-notice bo-notice--error">{t('config.routing.draftRefused')}</div>
        ) : (
          <ErrorNotice error={state.error} />
        )}
        {state.answer === undefined ? null : (
          <>
            {stale ? <p className="bo-muted">{t('config.routing.stale')}</p> : null}
            <DryRunResult answer={state.answer.answer} />
          </>
        )}
      </div>
    </section>
  );
}

/** The dry run's state: running, its answer (with the request it answers) or its refusal. */
interface DryRunState {
  readonly busy: boolean;
  readonly error: unknown;
  readonly answer: { readonly draft: string; readonly answer: DryRunAnswer } | undefined;
  readonly run: (request: Parameters<typeof dryRunRouting>[0]) => void;
}

function useDryRun(): DryRunState {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [answer, setAnswer] = useState<DryRunState['answer']>(undefined);
  return {
    busy,
    error,
    answer,
    run: (request) => {
      setBusy(true);
      setError(undefined);
      dryRunRouting(request).then(
        (answered) => {
          setBusy(false);
          setAnswer({ draft: JSON.stringify(request), answer: answered });
        },
        (refused: unknown) => {
          setBusy(false);
          setAnswer(undefined);
          setError(refused);
        },
      );
    },
  };
}

/** The items of the rule's lists as the last save sent them, to quote a refused one. */
function sentListsOf(sent: RoutingRules, index: number): Record<string, readonly string[]> {
  const when = sent.rules[index]?.when ?? {};
  return {
    pay_groups: when.pay_groups ?? [],
    currencies: when.currencies ?? [],
    countries: when.countries ?? [],
    bin_ranges: (when.bin_ranges ?? []).map((range) => `${range.from}-${range.to}`),
  };
}

function RoutingEditor({ saved, version, onReload, onSaved }: EditorProps<RoutingData>): ReactNode {
  const { t } = useI18n();
  const mayWrite = useMayWrite();
  const [form, setForm] = useState<RoutingForm>(() => formOf(saved.rules));
  const [sent, setSent] = useState<RoutingRules>({ rules: [] });
  const save = useSave(onSaved);
  const dryRun = useDryRun();
  // A draft the dry run refused is marked at its field as a refused save would be.
  const marked: SaveState =
    save.error === undefined && refusedPath(dryRun.error, 'rules') !== undefined
      ? { ...save, error: dryRun.error }
      : save;
  const errorAt = useFieldError(marked);
  const names = saved.connectors.map((connector) => connector.name);
  const payGroupNames = [...new Set(saved.payGroups.map((group) => group.short_name))].sort();
  const document = documentOf(form);
  // A removed rule's button is gone: the focus goes to the button that adds one.
  const addButton = useRef<HTMLButtonElement>(null);
  const removed = useRef(false);
  useEffect(() => {
    if (!removed.current) return;
    removed.current = false;
    addButton.current?.focus();
  }, [form.rules.length]);
  return (
    <div className="bo-config-layout">
      <section className="bo-config-editor" aria-labelledby="routing-title">
        <div className="bo-card">
          <h2 className="bo-h2" id="routing-title">
            {t('config.routing.rules')}
          </h2>
          <p className="bo-help">{t('config.routing.rulesHelp')}</p>
          <p className="bo-help">
            <a className="bo-link" href="#dry-run-title">
              {t('config.routing.toDryRun')}
            </a>
          </p>
          {form.rules.length === 0 ? <p className="bo-muted">{t('config.routing.empty')}</p> : null}
        </div>
        <ol className="bo-routing-rules">
          {form.rules.map((rule, index) => (
            <RuleCard
              key={rule.key}
              rule={rule}
              index={index}
              count={form.rules.length}
              names={names}
              payGroupNames={payGroupNames}
              errorAt={errorAt}
              sentLists={sentListsOf(sent, index)}
              mayWrite={mayWrite}
              onChange={(change) => {
                setForm((current) => withRule(current, index, change));
              }}
              onMove={(by) => {
                setForm((current) => ({ ...current, rules: moved(current.rules, index, by) }));
              }}
              onRemove={() => {
                removed.current = true;
                setForm((current) => ({ ...current, rules: without(current.rules, index) }));
              }}
            />
          ))}
        </ol>
        <div className="bo-card bo-config-editor">
          {mayWrite && names[0] !== undefined ? (
            <div>
              <Button
                ref={addButton}
                className="bo-button bo-button--secondary"
                onPress={() => {
                  setForm((current) =>
                    addRule(
                      current,
                      t('config.routing.newName', { number: String(current.rules.length + 1) }),
                      names[0] ?? '',
                    ),
                  );
                }}
              >
                {t('config.routing.add')}
              </Button>
            </div>
          ) : null}
          <SaveBar
            state={save}
            version={version}
            fields={fieldsOf(form)}
            onReload={() => {
              save.reset();
              onReload();
            }}
            onSave={() => {
              setSent(document);
              save.run(() => saveRoutingRules(document, version));
            }}
          />
        </div>
      </section>
      <div className="bo-routing-side">
        <ConnectorPanel connectors={saved.connectors} />
        <DryRunPanel draft={document} payGroups={saved.payGroups} state={dryRun} />
      </div>
    </div>
  );
}

export default function RoutingScreen(): ReactNode {
  return (
    <ConfigScreen
      load={loadRouting}
      name="routing"
      editor={(props) => <RoutingEditor {...props} />}
    />
  );
}
