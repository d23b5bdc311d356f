/**
 * The bonuses offered to a player of the brand (SPEC §3 bonus info): general ones, or
 * limited to deposit pay groups of the brand (bonusPayGroupsIds). Written as the player's whole
 * list: the bonuses there were are deactivated (kept for the record), the new ones are active.
 *
 * @packageDocumentation
 */
import type { PlayerBonusesDocument } from '@cashdesk/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { bonusPayGroups, bonuses, players } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { assertBrandPayGroups, invalid, plain } from './checks';
import type { ConfigChange } from './pay-groups';

/** The brand's player `externalId`, or 404 (1803). */
async function requirePlayer(db: Executor, brandId: string, externalId: string): Promise<string> {
  const [row] = await db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.brandId, brandId), eq(players.externalId, externalId)));
  if (row === undefined) throw new ApiError('operatorNotFound', { field: 'params.externalId' });
  return row.id;
}

/** The player's active bonuses. */
async function getPlayerBonuses(db: Executor, playerId: string): Promise<PlayerBonusesDocument> {
  const rows = await db
    .select()
    .from(bonuses)
    .where(and(eq(bonuses.playerId, playerId), eq(bonuses.active, true)))
    .orderBy(asc(bonuses.id));
  const links =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(bonusPayGroups)
          .where(
            inArray(
              bonusPayGroups.bonusId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(bonusPayGroups.payGroupId));
  return {
    bonuses: rows.map((row) => ({
      description: row.description ?? '',
      absolute_value: plain(row.absoluteValue),
      percent_value: plain(row.percentValue),
      max_value: plain(row.maxValue),
      min_deposit_amount: plain(row.minDepositAmount),
      max_deposit_amount: plain(row.maxDepositAmount),
      pay_group_ids: links.filter((link) => link.bonusId === row.id).map((link) => link.payGroupId),
    })),
  };
}

/**
 * Replaces the active bonuses of the brand's player `externalId`.
 *
 * @throws {ApiError} operatorNotFound for an unknown player or a pay group that is not a deposit
 *   pay group of the brand; invalidField for a bonus without a value.
 */
export async function putPlayerBonuses(
  tx: Executor,
  brandId: string,
  externalId: string,
  document: PlayerBonusesDocument,
): Promise<ConfigChange<PlayerBonusesDocument> & { readonly after: PlayerBonusesDocument }> {
  const playerId = await requirePlayer(tx, brandId, externalId);
  for (const [index, bonus] of document.bonuses.entries()) {
    if (bonus.absolute_value == null && bonus.percent_value == null) {
      invalid(`body.bonuses.${String(index)}.percent_value`, 'an absolute or percent value');
    }
    await assertBrandPayGroups(
      tx,
      brandId,
      bonus.pay_group_ids,
      (group) => `body.bonuses.${String(index)}.pay_group_ids.${String(group)}`,
      'deposit',
    );
  }
  const before = await getPlayerBonuses(tx, playerId);
  await tx
    .update(bonuses)
    .set({ active: false })
    .where(and(eq(bonuses.playerId, playerId), eq(bonuses.active, true)));
  for (const bonus of document.bonuses) {
    const [row] = await tx
      .insert(bonuses)
      .values({
        playerId,
        description: bonus.description,
        absoluteValue: bonus.absolute_value ?? null,
        percentValue: bonus.percent_value ?? null,
        maxValue: bonus.max_value ?? null,
        minDepositAmount: bonus.min_deposit_amount ?? null,
        maxDepositAmount: bonus.max_deposit_amount ?? null,
      })
      .returning({ id: bonuses.id });
    if (row === undefined) throw new Error('bonus not written');
    const groups = [...new Set(bonus.pay_group_ids)];
    if (groups.length > 0) {
      await tx
        .insert(bonusPayGroups)
        .values(groups.map((payGroupId) => ({ bonusId: row.id, payGroupId })));
    }
  }
  return {
    target: `bonuses:${externalId}`,
    before,
    after: await getPlayerBonuses(tx, playerId),
  };
}
