import { splitIntoColumns } from '@cashdesk/domain';
import type { CurrencyDisplayFormat, Method } from '@cashdesk/domain';
import { useId } from 'react';
import { MethodTile } from './method-tile';

export interface MethodGroupProps {
  readonly title: string;
  readonly methods: readonly Method[];
  /** SPEC §2, §9: two alternating columns on wide layouts, one column at 1023 px or less. */
  readonly wide: boolean;
  readonly display: CurrencyDisplayFormat;
  readonly now: number;
  /** Pay groups with a bonus of their own (SPEC §3 userBonusesByPayGroups). */
  readonly specificBonusIds: ReadonlySet<number>;
  readonly onChoose: (method: Method) => void;
  /** A name for tests and styles: popular, lostProfit, regular, disabled. */
  readonly name: string;
}

/**
 * SPEC §2: one homepage group (Popular, LostProfit, Regular or Disabled) with its heading. On
 * wide layouts the items alternate between two columns (domain splitIntoColumns: items 0, 2, 4
 * left, 1, 3, 5 right), each column a list of its own.
 */
export function MethodGroup({
  title,
  methods,
  wide,
  display,
  now,
  specificBonusIds,
  onChoose,
  name,
}: MethodGroupProps) {
  const headingId = useId();
  const columns = wide ? splitIntoColumns(methods) : [methods];
  return (
    <section className="cd-dh-group" aria-labelledby={headingId} data-group={name}>
      <h2 className="cd-dh-heading" id={headingId}>
        {title}
      </h2>
      <div className={wide ? 'cd-dh-columns cd-dh-columns--two' : 'cd-dh-columns'}>
        {columns.map((column, index) =>
          column.length === 0 ? null : (
            <ul className="cd-dh-column" key={index} data-column={index}>
              {column.map((method) => (
                <li key={method.id}>
                  <MethodTile
                    method={method}
                    display={display}
                    now={now}
                    showBonus={specificBonusIds.has(method.id)}
                    onChoose={onChoose}
                  />
                </li>
              ))}
            </ul>
          ),
        )}
      </div>
    </section>
  );
}
