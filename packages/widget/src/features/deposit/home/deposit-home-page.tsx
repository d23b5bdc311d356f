/**
 * The deposit homepage, route /deposit (SPEC §2 "Homepage"): the shared method list with the
 * deposit init answer (payment_groups).
 *
 * @packageDocumentation
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepositInitQuery } from '../../../api/cashier-api';
import { MethodListPage } from '../../../method-list/method-list-page';
import type { ListResponse } from '../../../method-list/home-model';

/** SPEC §2 deposit homepage; reads the init answer the shell prefetched (useDepositInitQuery). */
export function DepositHomePage() {
  const { t } = useTranslation();
  const { data, error, isFetching, refetch } = useDepositInitQuery(undefined);
  const list = useMemo(
    (): ListResponse | undefined =>
      data === undefined ? undefined : { ...data, groups: data.payment_groups },
    [data],
  );
  return (
    <MethodListPage
      flow="deposit"
      title={t('DEPOSIT_HOME.TITLE')}
      query={{ data: list, error, isFetching, refetch }}
    />
  );
}
