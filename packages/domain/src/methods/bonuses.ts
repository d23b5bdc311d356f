/**
 * User bonuses by pay group (SPEC §3 bonus state).
 *
 * @packageDocumentation
 */
import type { MethodBonus, UserBonus } from './types';

/**
 * SPEC §3 bonus state: the user's bonuses indexed by pay group (`userBonusesByPayGroups`, built
 * from each bonus's `bonusPayGroupsIds`), the general bonus, and the two state flags.
 */
export interface UserBonusesByPayGroups {
  /** The first general bonus (no pay group ids), which applies to every pay group. */
  readonly general: UserBonus | null;
  /** Pay group id to the first bonus naming that pay group. */
  readonly byPayGroup: ReadonlyMap<number, UserBonus>;
  readonly isBonusPresent: boolean;
  readonly isGeneralBonus: boolean;
}

/**
 * SPEC §3: indexes user bonuses by pay group. A bonus with no `bonusPayGroupsIds` is general.
 * When several bonuses name the same pay group, the first one wins: the service lists them in
 * its own priority order and the spec shows no other tie-break.
 */
export function userBonusesByPayGroups(
  bonuses: readonly UserBonus[] | null | undefined,
): UserBonusesByPayGroups {
  const byPayGroup = new Map<number, UserBonus>();
  let general: UserBonus | null = null;
  for (const bonus of bonuses ?? []) {
    const ids = bonus.bonusPayGroupsIds ?? [];
    if (ids.length === 0) {
      general ??= bonus;
      continue;
    }
    for (const id of ids) {
      if (!byPayGroup.has(id)) byPayGroup.set(id, bonus);
    }
  }
  return {
    general,
    byPayGroup,
    isBonusPresent: general !== null || byPayGroup.size > 0,
    isGeneralBonus: general !== null,
  };
}

/**
 * SPEC §3: the bonus of one pay group: the bonus naming it, else the general bonus, else none.
 * A bonus aimed at the pay group is the more specific offer, so it wins over the general one.
 */
export function bonusForPayGroup(
  index: UserBonusesByPayGroups,
  payGroupId: number,
): MethodBonus | null {
  const bonus = index.byPayGroup.get(payGroupId) ?? index.general;
  if (bonus === null) return null;
  return { description: bonus.bonusDescription ?? null, info: bonus.bonusInfo };
}
