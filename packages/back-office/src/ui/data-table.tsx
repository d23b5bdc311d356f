/**
 * A table: TanStack Table holds the columns and rows (its core only: no sorting, filtering or
 * paging code, which the API does), rendered as a native HTML table: the first cell of each row
 * is its row header, and a row that leads somewhere has a link there (Tab reaches it, Enter opens
 * it; a click anywhere else on the row opens it too). A native table is what screen readers read
 * best for a list of records, and it costs no script: React Aria's Table (a grid with arrow-key
 * navigation) took a third of the first screen's JavaScript budget
 * (docs/decisions/0106-back-office-app.md).
 */
import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import type { ColumnDef, ColumnHelper, RowData } from '@tanstack/react-table';

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

export interface DataTableProps<T extends RowData> {
  readonly label: string;
  readonly rows: readonly T[];
  readonly columns: Columns<T>;
  readonly rowId: (row: T) => string;
  /** Where a row leads (the detail page), if anywhere. */
  readonly rowHref?: (row: T) => string;
  readonly empty: string;
}

/** Whether a click landed on something of its own (a link, a button, a field) inside the row. */
function onInteractive(event: MouseEvent): boolean {
  return (
    event.target instanceof Element &&
    event.target.closest('a, button, input, select, textarea, label') !== null
  );
}

export function DataTable<T extends RowData>(props: DataTableProps<T>): ReactNode {
  const navigate = useNavigate();
  const table = useTable({
    features: FEATURES,
    data: props.rows,
    columns: props.columns,
    getRowId: (row: T) => props.rowId(row),
  });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  return (
    // The wrapper scrolls a wide table on a phone: focusable and named, so the keyboard scrolls it
    // (a scrolling region without focusable content is out of reach of the keyboard otherwise).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region
    <div className="bo-table-wrap" role="region" aria-label={props.label} tabIndex={0}>
      <table aria-label={props.label} className="bo-table">
        <thead className="bo-table__head">
          <tr>
            {headers.map((header) => (
              <th key={header.id} scope="col" className="bo-th">
                <table.FlexRender header={header} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="bo-table__body">
          {props.rows.length === 0 ? (
            <tr>
              <td colSpan={Math.max(1, headers.length)} className="bo-empty">
                {props.empty}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => {
              const href = props.rowHref?.(row.original);
              return (
                <tr
                  key={row.id}
                  className="bo-tr"
                  {...(href === undefined
                    ? {}
                    : {
                        'data-href': '',
                        onClick: (event: MouseEvent) => {
                          if (!onInteractive(event)) void navigate(href);
                        },
                      })}
                >
                  {row.getAllCells().map((cell, index) =>
                    index === 0 ? (
                      <th key={cell.id} scope="row" className="bo-td bo-td--head">
                        {href === undefined ? (
                          <table.FlexRender cell={cell} />
                        ) : (
                          <Link to={href} className="bo-row-link">
                            <table.FlexRender cell={cell} />
                          </Link>
                        )}
                      </th>
                    ) : (
                      <td key={cell.id} className="bo-td">
                        <table.FlexRender cell={cell} />
                      </td>
                    ),
                  )}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
