/** The brand's pay groups, in the order players see them, each a link to its editor. */
import type { ReactNode } from 'react';
import { listPayGroups } from '../../api/configuration';
import type { PayGroup } from '../../api/configuration';
import { useI18n } from '../../i18n/i18n';
import { DataTable, columnsOf } from '../../ui/data-table';
import { ErrorNotice } from '../../ui/errors';
import { Loading } from '../../ui/loading';
import { useLoad } from '../../ui/use-page';
import { PageHeader } from '../../ui/values';
import { ConfigSections } from './shared';

const column = columnsOf<PayGroup>();

export default function PayGroupsScreen(): ReactNode {
  const { t } = useI18n();
  const loaded = useLoad(listPayGroups, 'pay-groups');
  const groups = [...(loaded.data?.pay_groups ?? [])].sort(
    // As players see them: per flow, higher arrangement first (SPEC §4).
    (a, b) => a.flow.localeCompare(b.flow) || (b.arrangement ?? 0) - (a.arrangement ?? 0),
  );
  const columns = [
    column.accessor('public_name', { header: t('config.payGroups.name') }),
    column.accessor('short_name', { header: t('config.payGroups.shortName') }),
    column.accessor('flow', {
      header: t('config.payGroups.flow'),
      cell: (info) => t(info.getValue() === 'withdrawal' ? 'flow.withdrawal' : 'flow.deposit'),
    }),
    column.accessor('enabled', {
      header: t('config.payGroups.enabled'),
      cell: (info) =>
        info.getValue() ? (
          <span className="bo-badge bo-badge--good">{t('config.yes')}</span>
        ) : (
          <span className="bo-badge bo-badge--neutral">{t('config.no')}</span>
        ),
    }),
    column.accessor('arrangement', { header: t('config.payGroups.order') }),
    column.accessor((group) => group.currencies.map((entry) => entry.currency).join(', '), {
      id: 'currencies',
      header: t('config.payGroups.currencies'),
    }),
  ];
  return (
    <>
      <PageHeader title={t('config.title')} />
      <ConfigSections />
      <ErrorNotice error={loaded.error} />
      {loaded.data === undefined ? (
        <Loading />
      ) : (
        <section className="bo-card" aria-labelledby="pay-groups-title">
          <h2 className="bo-h2" id="pay-groups-title">
            {t('config.payGroups')}
          </h2>
          <DataTable
            label={t('config.payGroups')}
            rows={groups}
            columns={columns}
            rowId={(group) => `${group.flow}/${group.short_name}`}
            rowHref={(group) =>
              `/configuration/pay-groups/${group.flow}/${encodeURIComponent(group.short_name)}`
            }
            empty={t('config.payGroups.empty')}
          />
        </section>
      )}
    </>
  );
}
