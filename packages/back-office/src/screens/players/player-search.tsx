/**
 * Players: the brand's players, newest first, found by their id (its start) or part of their
 * e-mail address or name, and filtered by blocked and verification status; the filters and the
 * page cursor are in the address. A row opens the player.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Form } from 'react-aria-components';
import { listPlayers } from '../../api/calls';
import type { Player } from '../../api/calls';
import { useI18n } from '../../i18n/i18n';
import { columnsOf } from '../../ui/data-table';
import { PagedTable } from '../../ui/list-page';
import { SelectField, TextInput } from '../../ui/fields';
import { useLoad } from '../../ui/use-page';
import { PageHeader, StatusBadge, When } from '../../ui/values';

const PAGE_SIZE = '50';
const FILTERS = ['q', 'blocked', 'verification_status'] as const;
const column = columnsOf<Player>();

export default function PlayerSearchScreen(): ReactNode {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const [blocked, setBlocked] = useState(params.get('blocked') ?? '');
  const [verification, setVerification] = useState(params.get('verification_status') ?? '');
  const page = useLoad(
    () =>
      listPlayers({
        q: params.get('q') ?? undefined,
        blocked: params.get('blocked') ?? undefined,
        verification_status: params.get('verification_status') ?? undefined,
        cursor: params.get('cursor') ?? undefined,
        limit: PAGE_SIZE,
      }),
    params.toString(),
  );
  const columns = [
    column.accessor('external_id', { header: t('player.externalId') }),
    column.accessor((player) => [player.first_name, player.last_name].filter(Boolean).join(' '), {
      id: 'name',
      header: t('player.name'),
      cell: (info) => (info.getValue() === '' ? '—' : info.getValue()),
    }),
    column.accessor('email', { header: t('player.email'), cell: (info) => info.getValue() ?? '—' }),
    column.accessor('verification_status', {
      header: t('player.verification'),
      cell: (info) => <StatusBadge status={info.getValue()} />,
    }),
    column.accessor('blocked', {
      header: t('player.state'),
      cell: (info) =>
        info.getValue() ? (
          <span className="bo-badge bo-badge--bad">{t('player.isBlocked')}</span>
        ) : (
          <span className="bo-badge bo-badge--good">{t('player.isActive')}</span>
        ),
    }),
    column.accessor('created_at', {
      header: t('player.since'),
      cell: (info) => <When at={info.getValue()} />,
    }),
  ];
  return (
    <>
      <PageHeader title={t('player.title')} />
      <Form
        className="bo-filters"
        role="search"
        aria-label={t('player.find')}
        onSubmit={(event) => {
          event.preventDefault();
          const values: Record<(typeof FILTERS)[number], string> = {
            q: q.trim(),
            blocked,
            verification_status: verification,
          };
          const next = new URLSearchParams();
          for (const name of FILTERS) if (values[name] !== '') next.set(name, values[name]);
          setParams(next);
        }}
      >
        <TextInput
          label={t('player.search')}
          description={t('player.searchHelp')}
          name="q"
          type="search"
          value={q}
          onChange={setQ}
        />
        <SelectField
          label={t('player.state')}
          name="blocked"
          value={blocked}
          onChange={setBlocked}
          options={[
            { id: '', label: t('filter.any') },
            { id: 'false', label: t('player.isActive') },
            { id: 'true', label: t('player.isBlocked') },
          ]}
        />
        <SelectField
          label={t('player.verification')}
          name="verification_status"
          value={verification}
          onChange={setVerification}
          options={[
            { id: '', label: t('filter.any') },
            ...(['unverified', 'pending', 'verified'] as const).map((id) => ({
              id,
              label: t(`status.${id}`),
            })),
          ]}
        />
        <div className="bo-filters__actions">
          <Button type="submit" className="bo-button bo-button--primary">
            {t('player.find')}
          </Button>
        </div>
      </Form>
      <PagedTable
        page={page}
        label={t('player.table')}
        rows={(data) => data.players}
        columns={columns}
        rowId={(row) => row.external_id}
        rowHref={(row) => `/players/${encodeURIComponent(row.external_id)}`}
        empty={t('player.none')}
      />
    </>
  );
}
