/**
 * A player's own deposit and withdrawal limits (set by the operator per currency) narrow
 * the limits of every pay group the player sees and pays with: the amount must lie within both,
 * so the effective minimum is the larger and the effective maximum the smaller of the two (SPEC
 * §5 "at least min and at most max, each only when set", as {@link combineLimits} reads limits).
 *
 * @packageDocumentation
 */
import { parseLimits } from './amount-limits';

/** Stored limits: decimal text, `null` where the bound is not set. */
export interface StoredLimits {
  readonly min: string | null;
  readonly max: string | null;
}

/**
 * The limits a player sees and is held to for one pay group: the pay group's, narrowed
 * by the player's own (`null`: the player has none). A bound the player does not set (or sets to
 * zero, which SPEC §5 reads as "not set") leaves the pay group's bound as it is, text unchanged;
 * otherwise the tighter one wins. When the player's range and the pay group's do not overlap the
 * result has `min` above `max`, and no amount passes.
 */
export function narrowLimitsForPlayer(
  method: StoredLimits,
  player: StoredLimits | null,
): StoredLimits {
  if (player === null) return method;
  const own = parseLimits(player);
  const group = parseLimits(method);
  const min =
    own.min === null
      ? method.min
      : group.min === null || own.min.gt(group.min)
        ? own.min.toFixed()
        : method.min;
  const max =
    own.max === null
      ? method.max
      : group.max === null || own.max.lt(group.max)
        ? own.max.toFixed()
        : method.max;
  return { min, max };
}
