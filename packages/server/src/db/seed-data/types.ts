/**
 * The shapes of the demo seed's values: everything the seed writes for one brand (its settings,
 * pay groups, tax tiers, lost-profit bonus, bet shops, content pages and notifications) and its
 * demo players with their balances, cards, payout accounts and bonuses.
 *
 * @packageDocumentation
 */
import type {
  brands,
  contentPages,
  payGroupCurrencies,
  payGroups,
  StoredFieldDefinition,
  WorkingHours,
} from '../schema';

/** A pay group of the seed with its currencies; brand and id are filled in when writing. */
export interface SeedPayGroup extends Omit<
  typeof payGroups.$inferInsert,
  'id' | 'brandId' | 'createdAt' | 'fields'
> {
  readonly fields: readonly StoredFieldDefinition[];
  readonly currencies: readonly Omit<typeof payGroupCurrencies.$inferInsert, 'payGroupId'>[];
}

/** A saved card of the seed: what a provider token stands for, never a card number. */
export interface SeedCard {
  readonly token: string;
  readonly last4: string;
  readonly bin: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly holder: string;
  readonly cardType: string;
}

/** A payout account of the seed. */
export interface SeedPayoutAccount {
  /** Short name of the withdrawal pay group it belongs to. */
  readonly payGroup: string;
  readonly requisiteType: string;
  readonly maskedValue: string;
  readonly details: Readonly<Record<string, string>>;
  readonly verified: boolean;
}

/** A bonus of the seed; `payGroups` (short names) empty means a general bonus. */
export interface SeedBonus {
  readonly description: string;
  readonly absoluteValue?: string;
  readonly percentValue?: string;
  readonly maxValue?: string;
  readonly minDepositAmount?: string;
  readonly maxDepositAmount?: string;
  readonly payGroups: readonly string[];
}

/** A demo player of the seed. */
export interface SeedPlayer {
  readonly externalId: string;
  readonly country: string;
  readonly phone: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  /** Currency alpha3 to the starting balance. */
  readonly balances: Readonly<Record<string, string>>;
  /**
   * Currency alpha3 to the outstanding wager (SPEC §4 wager rule; player_balances
   * wager_remaining); the currency must be one of `balances`. Absent: no wager.
   */
  readonly wagers?: Readonly<Record<string, string>>;
  readonly cards: readonly SeedCard[];
  readonly payoutAccounts: readonly SeedPayoutAccount[];
  readonly bonuses: readonly SeedBonus[];
  /** Short names of the last used deposit and withdrawal pay groups. */
  readonly lastUsed: { readonly deposit?: string; readonly withdrawal?: string };
}

/** A tax tier of the seed. */
export interface SeedTaxTier {
  readonly flow: 'deposit' | 'withdrawal';
  readonly from: string;
  readonly to: string | null;
  readonly percentValue: string;
  readonly absoluteValue: string;
}

/** A bet shop of the seed. */
export interface SeedBetShop {
  readonly city: string;
  readonly name: string;
  readonly address: string;
  readonly workingHours: WorkingHours;
}

/** The lost-profit bonus of a brand: the pay group and its tiers. */
export interface SeedLostProfit {
  readonly payGroup: string;
  readonly tiers: readonly {
    readonly from: string | null;
    readonly to: string | null;
    readonly percentValue: string | null;
    readonly absoluteValue: string | null;
  }[];
}

/** A notification of the seed. */
export interface SeedNotification {
  readonly key: string;
  readonly categories: readonly string[];
  /** Short name of the deposit pay group it concerns, if any. */
  readonly payGroup: string | null;
  readonly message: string;
}

/** Everything the seed writes for one brand. */
export interface SeedBrand {
  readonly brand: typeof brands.$inferInsert;
  readonly payGroups: readonly SeedPayGroup[];
  readonly taxTiers: readonly SeedTaxTier[];
  readonly lostProfit: SeedLostProfit | null;
  readonly betShops: readonly SeedBetShop[];
  readonly contentPages: readonly Omit<typeof contentPages.$inferInsert, 'brandId' | 'id'>[];
  readonly notifications: readonly SeedNotification[];
  readonly players: readonly SeedPlayer[];
  /** Currency every player created on demand (sandbox sessions) gets a balance row in. */
  readonly defaultBalances: Readonly<Record<string, string>>;
}
