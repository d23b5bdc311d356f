/**
 * What every list screen has: the filter form's Apply and Clear buttons, and the page of results
 * (its error, a loading state, the table and the pager of the API's cursors).
 */
import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import type { RowData } from '@tanstack/react-table';
import { useI18n } from '../i18n/i18n';
import { DataTable } from './data-table';
import type { DataTableProps } from './data-table';
import { ErrorNotice } from './errors';
import { Loading } from './loading';
import { Pager } from './pager';
import type { Loaded } from './use-page';

/** Apply (the form's submit) and Clear (every filter emptied and applied). */
export function FilterActions({
  onClear,
  wide = false,
}: {
  readonly onClear: () => void;
  /** Spans the whole filter grid. */
  readonly wide?: boolean;
}): ReactNode {
  const { t } = useI18n();
  return (
    <div className={wide ? 'bo-filters__actions bo-span-all' : 'bo-filters__actions'}>
      <Button type="submit" className="bo-button bo-button--primary">
        {t('action.apply')}
      </Button>
      <Button className="bo-button bo-button--ghost" onPress={onClear}>
        {t('action.clear')}
      </Button>
    </div>
  );
}

/** A page of a list call: its rows in a table, and the pager of its next cursor. */
export function PagedTable<D extends { readonly next_cursor: string | null }, T extends RowData>(
  props: Omit<DataTableProps<T>, 'rows'> & {
    readonly page: Loaded<D>;
    readonly rows: (data: D) => readonly T[];
  },
): ReactNode {
  const { page, rows, ...table } = props;
  return (
    <>
      <ErrorNotice error={page.error} />
      {page.loading && page.data === undefined ? <Loading /> : null}
      {page.data === undefined ? null : (
        <>
          <DataTable {...table} rows={rows(page.data)} />
          <Pager nextCursor={page.data.next_cursor} />
        </>
      )}
    </>
  );
}
