/**
 * A table: TanStack Table holds the columns and rows (its core only: no sorting, filtering or
 * paging code, which the API does), React Aria's Table renders them with its grid keyboard
 * handling (arrow keys between rows and cells, Enter on a row that links).
 */
import type { ReactNode } from 'react';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import type { ColumnDef, ColumnHelper, RowData } from '@tanstack/react-table';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';

/** The table features the back office uses: the core alone. */
const FEATURES = tableFeatures({});
type Features = typeof FEATURES;

/** The columns of a table of `T`. */
// The column values differ in type per column: TanStack's own convention.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Columns<T extends RowData> = ColumnDef<Features, T, any>[];

/** A column helper for rows of `T`. */
export function columnsOf<T extends RowData>(): ColumnHelper<Features, T> {
  return createColumnHelper<Features, T>();
}

interface DataTableProps<T extends RowData> {
  readonly label: string;
  readonly rows: readonly T[];
  readonly columns: Columns<T>;
  readonly rowId: (row: T) => string;
  /** Where a row leads (the detail page), if anywhere. */
  readonly rowHref?: (row: T) => string;
  readonly empty: string;
}

export function DataTable<T extends RowData>(props: DataTableProps<T>): ReactNode {
  const table = useTable({
    features: FEATURES,
    data: props.rows,
    columns: props.columns,
    getRowId: (row: T) => props.rowId(row),
  });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  return (
    <div className="bo-table-wrap">
      <Table aria-label={props.label} className="bo-table">
        <TableHeader className="bo-table__head">
          {headers.map((header, index) => (
            <Column key={header.id} id={header.id} isRowHeader={index === 0} className="bo-th">
              <table.FlexRender header={header} />
            </Column>
          ))}
        </TableHeader>
        <TableBody
          className="bo-table__body"
          renderEmptyState={() => <div className="bo-empty">{props.empty}</div>}
        >
          {table.getRowModel().rows.map((row) => (
            <Row
              key={row.id}
              id={row.id}
              className="bo-tr"
              {...(props.rowHref === undefined ? {} : { href: props.rowHref(row.original) })}
            >
              {row.getAllCells().map((cell) => (
                <Cell key={cell.id} className="bo-td">
                  <table.FlexRender cell={cell} />
                </Cell>
              ))}
            </Row>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
