/**
 * One player: profile, verification, balances, own limits and whether blocked; the actions the
 * role allows: block or unblock, change the verification status, and an adjustment of a balance
 * (credit or debit with a reason, under an Idempotency-Key kept for the dialog's life).
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Link } from 'react-aria-components';
import { STAFF_PERMISSION_OF_CALL } from '@cashdesk/contract/staff-access';
import { newIdempotencyKey } from '../../api/http';
import {
  adjustBalance,
  blockPlayer,
  listTransactions,
  readPlayer,
  setPlayerLimit,
  unblockPlayer,
  updateVerification,
} from '../../api/calls';
import type { Player, Transaction } from '../../api/calls';
import { useI18n } from '../../i18n/i18n';
import { useMay } from '../../session/session';
import { ActionDialog } from '../../ui/action-dialog';
import { DataTable, columnsOf } from '../../ui/data-table';
import { ErrorNotice, Notice } from '../../ui/errors';
import { SelectField, TextInput } from '../../ui/fields';
import { Loading } from '../../ui/loading';
import { useLoad } from '../../ui/use-page';
import { Field, Money, PageHeader, StatusBadge, When } from '../../ui/values';

/** How many of the player's latest payments the page shows (the list has them all). */
const LATEST_PAYMENTS = 10;

const paymentColumn = columnsOf<Transaction>();

/** The player's latest payments, newest first, and the way to all of them. */
function LatestPayments({ externalId }: { readonly externalId: string }): ReactNode {
  const { t } = useI18n();
  const payments = useLoad(
    () => listTransactions({ player_id: externalId, limit: String(LATEST_PAYMENTS) }),
    externalId,
  );
  const columns = [
    paymentColumn.accessor('created_at', {
      header: t('tx.created'),
      cell: (info) => <When at={info.getValue()} />,
    }),
    paymentColumn.accessor('flow', {
      header: t('tx.flow'),
      cell: (info) => t(`flow.${info.getValue()}`),
    }),
    paymentColumn.accessor('status', {
      header: t('tx.status'),
      cell: (info) => <StatusBadge status={info.getValue()} />,
    }),
    paymentColumn.accessor('amount', {
      header: t('tx.amount'),
      cell: (info) => <Money amount={info.getValue()} currency={info.row.original.currency} />,
    }),
    paymentColumn.accessor('pay_group', { header: t('tx.payGroup') }),
  ];
  return (
    <section className="bo-card" aria-labelledby="player-payments">
      <h2 className="bo-h2" id="player-payments">
        {t('player.payments')}
      </h2>
      <ErrorNotice error={payments.error} />
      {payments.data === undefined ? (
        payments.error === undefined ? (
          <Loading />
        ) : null
      ) : (
        <>
          <DataTable
            label={t('player.payments')}
            rows={payments.data.transactions}
            columns={columns}
            rowId={(row) => row.id}
            rowHref={(row) => `/transactions/${row.id}`}
            empty={t('player.noPayments')}
          />
          {payments.data.next_cursor === null ? null : (
            <p>
              <Link
                className="bo-link"
                href={`/transactions?player_id=${encodeURIComponent(externalId)}`}
              >
                {t('player.allPayments')}
              </Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}

type Balance = Player['balances'][number];
type Limit = Player['limits'][number];
const balanceColumn = columnsOf<Balance>();
const limitColumn = columnsOf<Limit>();

function BlockAction({
  player,
  onDone,
}: {
  readonly player: Player;
  readonly onDone: (player: Player, message: string) => void;
}): ReactNode {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  const unblock = player.blocked;
  return (
    <ActionDialog
      label={t(unblock ? 'player.unblock' : 'player.block')}
      submitLabel={t(unblock ? 'player.unblock' : 'player.block')}
      tone={unblock ? 'primary' : 'danger'}
      onOpen={() => {
        setReason('');
      }}
      onSubmit={async () => {
        const note = reason.trim() === '' ? undefined : reason.trim();
        const answer = await (unblock
          ? unblockPlayer(player.external_id, note)
          : blockPlayer(player.external_id, note));
        onDone(answer, t(unblock ? 'player.unblocked' : 'player.blocked'));
      }}
    >
      <TextInput
        label={t('payout.reason')}
        name="reason"
        value={reason}
        onChange={setReason}
        multiline
        maxLength={500}
      />
    </ActionDialog>
  );
}

function AdjustAction({
  player,
  onDone,
}: {
  readonly player: Player;
  readonly onDone: (message: string) => void;
}): ReactNode {
  const { t } = useI18n();
  const currencies = player.balances.map((balance) => balance.currency);
  const [direction, setDirection] = useState('credit');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState(currencies[0] ?? '');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  return (
    <ActionDialog
      label={t('adjust.action')}
      submitLabel={t('adjust.submit')}
      onOpen={() => {
        setAmount('');
        setReason('');
        setKey(newIdempotencyKey());
      }}
      onSubmit={async () => {
        await adjustBalance(
          player.external_id,
          {
            direction: direction === 'debit' ? 'debit' : 'credit',
            amount: amount.trim(),
            currency: currency.trim().toUpperCase(),
            reason: reason.trim(),
          },
          key,
        );
        onDone(t('adjust.done'));
      }}
    >
      <SelectField
        label={t('adjust.direction')}
        name="direction"
        value={direction}
        onChange={setDirection}
        options={[
          { id: 'credit', label: t('adjust.credit') },
          { id: 'debit', label: t('adjust.debit') },
        ]}
      />
      <TextInput
        label={t('adjust.amount')}
        name="amount"
        inputMode="decimal"
        pattern="[0-9]+([.][0-9]+)?"
        value={amount}
        onChange={setAmount}
        isRequired
      />
      <TextInput
        label={t('tx.currency')}
        name="currency"
        maxLength={3}
        value={currency}
        onChange={setCurrency}
        isRequired
      />
      <TextInput
        label={t('refund.reason')}
        name="reason"
        value={reason}
        onChange={setReason}
        isRequired
        multiline
        maxLength={500}
      />
    </ActionDialog>
  );
}

/**
 * Sets the player's own limits of one flow and currency: an empty bound leaves it to the pay
 * groups, both empty removes the player's limit. Amounts go as the decimal text typed.
 */
function LimitAction({
  player,
  onDone,
}: {
  readonly player: Player;
  readonly onDone: (player: Player, message: string) => void;
}): ReactNode {
  const { t } = useI18n();
  const [flow, setFlow] = useState<string>('withdrawal');
  const [currency, setCurrency] = useState('');
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const bound = (text: string): string | null => (text.trim() === '' ? null : text.trim());
  return (
    <ActionDialog
      label={t('player.limitChange')}
      submitLabel={t('action.save')}
      onOpen={() => {
        setFlow('withdrawal');
        setCurrency(player.balances[0]?.currency ?? '');
        setMin('');
        setMax('');
      }}
      onSubmit={async () => {
        const updated = await setPlayerLimit(player.external_id, {
          flow: flow === 'deposit' ? 'deposit' : 'withdrawal',
          currency: currency.trim().toUpperCase(),
          min_amount: bound(min),
          max_amount: bound(max),
        });
        onDone(updated, t('player.limitChanged'));
      }}
    >
      <SelectField
        label={t('tx.flow')}
        name="flow"
        value={flow}
        onChange={setFlow}
        options={(['deposit', 'withdrawal'] as const).map((id) => ({
          id,
          label: t(`flow.${id}`),
        }))}
      />
      <TextInput
        label={t('tx.currency')}
        name="currency"
        maxLength={3}
        value={currency}
        onChange={setCurrency}
        isRequired
      />
      <TextInput
        label={t('player.min')}
        description={t('player.limitHelp')}
        name="min_amount"
        inputMode="decimal"
        value={min}
        onChange={setMin}
      />
      <TextInput
        label={t('player.max')}
        description={t('player.limitHelp')}
        name="max_amount"
        inputMode="decimal"
        value={max}
        onChange={setMax}
      />
    </ActionDialog>
  );
}

function VerificationAction({
  player,
  onDone,
}: {
  readonly player: Player;
  readonly onDone: (player: Player, message: string) => void;
}): ReactNode {
  const { t } = useI18n();
  const [status, setStatus] = useState<string>(player.verification_status);
  return (
    <ActionDialog
      label={t('player.verificationChange')}
      submitLabel={t('action.save')}
      onOpen={() => {
        setStatus(player.verification_status);
      }}
      onSubmit={async () => {
        const next = status === 'verified' || status === 'pending' ? status : 'unverified';
        onDone(await updateVerification(player.external_id, next), t('player.verificationChanged'));
      }}
    >
      <SelectField
        label={t('player.verification')}
        name="verification_status"
        value={status}
        onChange={setStatus}
        options={(['unverified', 'pending', 'verified'] as const).map((id) => ({
          id,
          label: t(`status.${id}`),
        }))}
      />
    </ActionDialog>
  );
}

export default function PlayerDetailScreen(): ReactNode {
  const { t } = useI18n();
  const may = useMay();
  const { externalId = '' } = useParams();
  const player = useLoad(() => readPlayer(externalId), externalId);
  const [message, setMessage] = useState<string | undefined>();
  const data = player.data;
  if (data === undefined) {
    return (
      <>
        <PageHeader title={t('player.detailTitle', { id: externalId })} />
        <ErrorNotice error={player.error} />
        {player.loading ? <Loading /> : null}
      </>
    );
  }
  const changed = (next: Player, text: string) => {
    player.set(next);
    setMessage(text);
  };
  const balanceColumns = [
    balanceColumn.accessor('currency', { header: t('tx.currency') }),
    balanceColumn.accessor('balance', {
      header: t('player.balance'),
      cell: (info) => <Money amount={info.getValue()} currency={info.row.original.currency} />,
    }),
    balanceColumn.accessor('reserved', {
      header: t('player.reserved'),
      cell: (info) => <Money amount={info.getValue()} currency={info.row.original.currency} />,
    }),
    balanceColumn.accessor('wager_remaining', {
      header: t('player.wager'),
      cell: (info) => <Money amount={info.getValue()} currency={info.row.original.currency} />,
    }),
  ];
  const limitColumns = [
    limitColumn.accessor((limit) => `${limit.flow}-${limit.currency}`, {
      id: 'limit',
      header: t('player.limit'),
      cell: (info) => `${t(`flow.${info.row.original.flow}`)} · ${info.row.original.currency}`,
    }),
    limitColumn.accessor('min_amount', {
      header: t('player.min'),
      cell: (info) => {
        const v = info.getValue();
        return v === null ? '—' : <Money amount={v} currency={info.row.original.currency} />;
      },
    }),
    limitColumn.accessor('max_amount', {
      header: t('player.max'),
      cell: (info) => {
        const v = info.getValue();
        return v === null ? '—' : <Money amount={v} currency={info.row.original.currency} />;
      },
    }),
  ];
  const name = [data.first_name, data.last_name].filter((part) => part !== null).join(' ');
  return (
    <>
      <PageHeader title={t('player.detailTitle', { id: data.external_id })}>
        {may(STAFF_PERMISSION_OF_CALL.operatorPlayerAdjust) ? (
          <AdjustAction
            player={data}
            onDone={(text) => {
              setMessage(text);
              player.reload();
            }}
          />
        ) : null}
        {may(STAFF_PERMISSION_OF_CALL.operatorPlayerUpdate) ? (
          <VerificationAction player={data} onDone={changed} />
        ) : null}
        {may(STAFF_PERMISSION_OF_CALL.operatorPlayerUpdate) ? (
          <LimitAction player={data} onDone={changed} />
        ) : null}
        {may(STAFF_PERMISSION_OF_CALL.operatorPlayerBlock) ? (
          <BlockAction player={data} onDone={changed} />
        ) : null}
      </PageHeader>
      {message === undefined ? null : <Notice>{message}</Notice>}
      <section className="bo-card" aria-labelledby="player-profile">
        <h2 className="bo-h2" id="player-profile">
          {t('player.profile')}
        </h2>
        <dl className="bo-dl">
          <Field label="player.name">{name === '' ? '—' : name}</Field>
          <Field label="player.email">{data.email ?? '—'}</Field>
          <Field label="player.phone">{data.phone ?? '—'}</Field>
          <Field label="player.country">{data.country ?? '—'}</Field>
          <Field label="player.verification">
            <StatusBadge status={data.verification_status} />
          </Field>
          <Field label="player.state">
            {data.blocked ? (
              <span className="bo-badge bo-badge--bad">{t('player.isBlocked')}</span>
            ) : (
              <span className="bo-badge bo-badge--good">{t('player.isActive')}</span>
            )}
            {data.block_reason === null ? null : (
              <span className="bo-muted"> {data.block_reason}</span>
            )}
          </Field>
          {data.blocked_at === null ? null : (
            <Field label="player.blockedAt">
              <When at={data.blocked_at} />
            </Field>
          )}
          <Field label="player.since">
            <When at={data.created_at} />
          </Field>
        </dl>
      </section>
      <section className="bo-card" aria-labelledby="player-balances">
        <h2 className="bo-h2" id="player-balances">
          {t('player.balances')}
        </h2>
        <DataTable
          label={t('player.balances')}
          rows={data.balances}
          columns={balanceColumns}
          rowId={(row) => row.currency}
          empty={t('player.noBalances')}
        />
      </section>
      <section className="bo-card" aria-labelledby="player-limits">
        <h2 className="bo-h2" id="player-limits">
          {t('player.limits')}
        </h2>
        <DataTable
          label={t('player.limits')}
          rows={data.limits}
          columns={limitColumns}
          rowId={(row) => `${row.flow}-${row.currency}`}
          empty={t('player.noLimits')}
        />
      </section>
      {may(STAFF_PERMISSION_OF_CALL.operatorTransactionList) ? (
        <LatestPayments externalId={data.external_id} />
      ) : null}
    </>
  );
}
