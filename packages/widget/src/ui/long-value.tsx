import { Fragment } from 'react';
import { valueGroups } from './value-groups';

/** Groups longer than this may break inside (nothing else would fit a narrow screen). */
const UNBROKEN_GROUP_MAX = 16;

/**
 * A long value shown whole (see valueGroups): its groups in one left-to-right run that wraps
 * between groups only, never cut at the edge of its box, never translated. Each group stays on one
 * line unless it alone is wider than a line could be.
 */
export function LongValue({
  value,
  className,
}: {
  readonly value: string;
  readonly className?: string;
}) {
  const { groups, spaced } = valueGroups(value);
  return (
    <bdi
      className={className === undefined ? 'cd-long-value' : `cd-long-value ${className}`}
      dir="ltr"
      translate="no"
    >
      {groups.map((group, index) => (
        // Groups repeat ("0000 0000"): their place is their identity.
        <Fragment key={index}>
          {index === 0 ? null : spaced ? ' ' : <wbr />}
          <span
            className={
              group.length > UNBROKEN_GROUP_MAX
                ? 'cd-long-value__group'
                : 'cd-long-value__group cd-long-value__group--whole'
            }
          >
            {group}
          </span>
        </Fragment>
      ))}
    </bdi>
  );
}
