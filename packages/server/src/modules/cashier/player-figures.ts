/**
 * The player's figures: everything init and a submit need of the player, read in ONE statement
 * (the database's `cashdesk_player_figures`, migrations 0013 and 0017) and never kept, with the
 * reader that checks each column of its answer; the SPEC §3 user bonuses made of them; and the
 * figures read together with the brand data in memory, which must have reached the configuration
 * version the statement saw.
 *
 * @packageDocumentation
 */
import { sql } from 'drizzle-orm';
import type { PaymentFlow } from '@cashdesk/domain';
import type { Executor } from '../../db/open';
import { keepsNamedStatements } from '../../db/prepared-statements';
import { rowsOf } from '../../db/rows';
import { ShapedStatement, rawStatement } from '../../db/statement-shapes';
import { ApiError } from '../../http/api-error';
import { isRecord } from '../../platform/is-record';
import { brandDataOf } from './brand-data';
import { optionalPlainDecimal, plainDecimal } from '../../platform/money-text';
import type { PayGroupScope } from './pay-group-rows';
import type { SessionContext } from '../../http/sessions';

/** A bonus as the player's query returns it (numbers as text). */
interface BonusFigure {
  readonly description: string | null;
  readonly absolute: string | null;
  readonly percent: string | null;
  readonly max: string | null;
  readonly min_deposit: string | null;
  readonly max_deposit: string | null;
  readonly pay_groups: readonly number[];
}

/** A JSON value as the driver returns it (parsed by pg and PGlite; text elsewhere). */
function parsedJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function bonusFigures(value: unknown): BonusFigure[] {
  const list = parsedJson(value);
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown): BonusFigure[] => {
    if (typeof item !== 'object' || item === null) return [];
    const get = (key: string): unknown => Reflect.get(item, key);
    const ids = parsedJson(get('pay_groups'));
    return [
      {
        description: textOrNull(get('description')),
        absolute: textOrNull(get('absolute')),
        percent: textOrNull(get('percent')),
        max: textOrNull(get('max')),
        min_deposit: textOrNull(get('min_deposit')),
        max_deposit: textOrNull(get('max_deposit')),
        pay_groups: Array.isArray(ids) ? ids.map(Number) : [],
      },
    ];
  });
}

/** The columns of `cashdesk_player_figures` (migrations 0013, 0017), read by {@link readPlayerFigures}. */
const FIGURES_COLUMNS = [
  'blocked',
  'external_id',
  'verification_status',
  'country',
  'phone',
  'email',
  'first_name',
  'last_name',
  'config_version',
  'balance',
  'reserved',
  'wager_remaining',
  'last_used_id',
  'limit_min',
  'limit_max',
  'bonuses',
] as const;

type FiguresColumn = (typeof FIGURES_COLUMNS)[number];

/**
 * The figures' columns as one JSON object (`json_build_object`, each column named): the driver
 * then reads one column, not sixteen (node-postgres builds a parser per column of every answer:
 * 12–16 µs of init's CPU on the 2-core VM), and the columns stay named, as a prepared statement
 * over a function whose columns a migration changes needs.
 */
const FIGURES_OBJECT = sql.raw(
  `json_build_object(${FIGURES_COLUMNS.map((column) => `'${column}', "f"."${column}"`).join(', ')})`,
);

/** A figures answer the reader below refuses: the function and the server disagree. */
function figuresFault(column: string): Error {
  return new Error(`cashdesk_player_figures answered an unexpected ${column}`);
}

/** One column of the figures' object, checked. */
function figureText(row: Record<string, unknown>, column: FiguresColumn): string {
  const value = row[column];
  if (typeof value !== 'string') throw figuresFault(column);
  return value;
}

function figureOptionalText(row: Record<string, unknown>, column: FiguresColumn): string | null {
  const value = row[column];
  if (value === null) return null;
  if (typeof value !== 'string') throw figuresFault(column);
  return value;
}

function figureOptionalInteger(row: Record<string, unknown>, column: FiguresColumn): number | null {
  const value = row[column];
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw figuresFault(column);
  return value;
}

/**
 * The figures' object as the server uses it, every column checked (a wrong kind throws: a
 * function that no longer answers what the server reads fails loudly, never as a wrong balance).
 */
export function readPlayerFigures(value: unknown) {
  const row = parsedJson(value);
  if (!isRecord(row)) throw figuresFault('row');
  if (typeof row.blocked !== 'boolean') throw figuresFault('blocked');
  const configVersion = figureOptionalInteger(row, 'config_version');
  if (configVersion === null) throw figuresFault('config_version');
  return {
    blocked: row.blocked,
    externalId: figureText(row, 'external_id'),
    verificationStatus: figureText(row, 'verification_status'),
    country: figureOptionalText(row, 'country'),
    phone: figureOptionalText(row, 'phone'),
    email: figureOptionalText(row, 'email'),
    firstName: figureOptionalText(row, 'first_name'),
    lastName: figureOptionalText(row, 'last_name'),
    configVersion,
    balance: figureOptionalText(row, 'balance'),
    reserved: figureOptionalText(row, 'reserved'),
    wagerRemaining: figureOptionalText(row, 'wager_remaining'),
    lastUsedId: figureOptionalInteger(row, 'last_used_id'),
    limitMin: figureOptionalText(row, 'limit_min'),
    limitMax: figureOptionalText(row, 'limit_max'),
    bonuses: bonusFigures(row.bonuses),
  };
}

/**
 * {@link playerFigures}' call, built once (db/statement-shapes.ts), in two variants of one query
 * (migration 0017): where the connection keeps named statements (PostgreSQL), the SQL function
 * the planner inlines, so the statement's own kept plan is the query's; elsewhere (PGlite) the
 * PL/pgSQL function around it, which keeps the plan per connection itself.
 */
const figuresStatement = new ShapedStatement<
  {
    readonly playerId: string;
    readonly brandId: string;
    readonly currency: string;
    readonly flow: PaymentFlow;
    readonly withBonuses: boolean;
  },
  unknown,
  'named' | 'function'
>((db, slots, variant) =>
  rawStatement(
    db,
    sql`select ${FIGURES_OBJECT} as "figures" from ${sql.raw(
      variant === 'named' ? 'cashdesk_player_figures_query' : 'cashdesk_player_figures',
    )}(${slots.playerId}::uuid, ${slots.brandId}::text, ${slots.currency}::text,
      ${slots.flow}::payment_flow, ${slots.withBonuses}) as "f"`,
  ),
);

/**
 * Everything init needs of the player, read in ONE statement and never cached (a balance is never
 * stale): whether the player is blocked and its profile, the ledger's balance, reservation and
 * outstanding wager in the session's currency, the last used pay group of the flow, the player's
 * own limits, the active bonuses with their pay groups (deposits), and the brand's configuration
 * version, which the brand data in memory must have reached. The statement calls the database's
 * figures query (migrations 0013, 0017), whose plan each connection keeps: as SQL text sent
 * unnamed it was parsed and planned on every init, which cost more than running it.
 */
async function playerFigures(db: Executor, session: SessionContext, flow: PaymentFlow) {
  const [found] = await rowsOf(
    figuresStatement.run(
      db,
      {
        playerId: session.playerId,
        brandId: session.brandId,
        currency: session.currency,
        flow,
        withBonuses: flow === 'deposit',
      },
      keepsNamedStatements(db) ? 'named' : 'function',
    ),
  );
  if (found === undefined) throw new ApiError('sessionExpired', { detail: 'player vanished' });
  const row = readPlayerFigures(isRecord(found) ? found.figures : undefined);
  // A session kept in memory may not have heard of the block yet: the player's row has.
  if (row.blocked) throw new ApiError('sessionExpired', { detail: 'player blocked' });
  return {
    profile: {
      id: session.playerId,
      externalId: row.externalId,
      verificationStatus: row.verificationStatus,
      country: row.country,
      phone: row.phone,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
    },
    configVersion: row.configVersion,
    balance: {
      currency: session.currency,
      balance: plainDecimal(row.balance ?? '0'),
      reserved: plainDecimal(row.reserved ?? '0'),
    },
    wagerRemaining: row.wagerRemaining,
    lastUsedId: row.lastUsedId,
    own:
      row.limitMin === null && row.limitMax === null
        ? null
        : { min: row.limitMin, max: row.limitMax },
    bonuses: row.bonuses,
  };
}

/**
 * SPEC §3 user bonuses from the player's figures: the active bonuses with the pay groups they are
 * limited to (none: a general bonus). Deposit bonuses only: a withdrawal earns none.
 */
export function userBonusesOf(figures: readonly BonusFigure[]) {
  return figures.map((bonus) => ({
    ...(bonus.description === null ? {} : { bonusDescription: bonus.description }),
    bonusPayGroupsIds: [...bonus.pay_groups],
    bonusInfo: {
      absoluteBonusValue: optionalPlainDecimal(bonus.absolute),
      percentBonusValue: optionalPlainDecimal(bonus.percent),
      maxBonusValue: optionalPlainDecimal(bonus.max),
      minDepositAmount: optionalPlainDecimal(bonus.min_deposit),
      maxDepositAmount: optionalPlainDecimal(bonus.max_deposit),
    },
  }));
}

/**
 * The player's figures and the brand data of a scope, read together: the brand data from memory,
 * read again when older than the configuration version the player's statement saw (what init and
 * a submit both read first).
 */
export async function playerAndBrandData(
  db: Executor,
  session: SessionContext,
  scope: PayGroupScope,
  now: Date,
) {
  const [figures, cached] = await Promise.all([
    playerFigures(db, session, scope.flow),
    brandDataOf(db, scope, now),
  ]);
  const data =
    cached.version >= figures.configVersion
      ? cached
      : await brandDataOf(db, scope, now, figures.configVersion);
  return { figures, data };
}
