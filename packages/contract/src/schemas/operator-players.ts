/**
 * Operator API: sessions and players. The operator's backend starts a cashier
 * session for one of its players (upserting the player's profile by the id the brand knows),
 * reads and updates players, blocks and unblocks them, and says which flows need a verified
 * player (the brand's verification rules).
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { Currency, DateTime, Decimal, SessionId, Url } from './common';
import { LanguageCode, PaymentFlowSchema, PlayerRef } from './sandbox';
import { PageQuery, changeRequest } from './operator';

/** Where a player's identity check stands. */
export const PLAYER_VERIFICATION_STATUSES = ['unverified', 'pending', 'verified'] as const;

/** A player's verification status. */
export const VerificationStatus = z.enum(PLAYER_VERIFICATION_STATUSES).check(
  z.meta({
    id: 'VerificationStatus',
    description:
      "Where the player's identity check stands: unverified, pending or verified. A flow the brand's verification rules name is refused to a player who is not verified.",
  }),
);
/** The type of {@link VerificationStatus}. */
export type VerificationStatus = z.infer<typeof VerificationStatus>;

/**
 * A theme name an operator chooses for a session: 1-32 of [a-z0-9_-]. Loose on purpose: themes
 * are configured per brand, and a name the brand has not configured falls back to the default.
 */
export const OperatorThemeName = z
  .string()
  .check(z.regex(/^[a-z0-9_-]{1,32}$/, '1-32 lower-case letters, digits, "_" or "-"'));

/** A signed decimal string: a balance may be below zero after a refund or chargeback. */
export const SignedDecimal = z.string().check(
  z.regex(/^-?(?:0|[1-9][0-9]{0,13})(?:\.[0-9]{1,10})?$/, 'a decimal string such as "-10.50"'),
  z.meta({
    id: 'SignedDecimal',
    description:
      'A decimal amount as a string that may be negative (a balance after a refund or chargeback of money already spent), e.g. "-12.50".',
  }),
);

/** One per-player amount limit: a flow and currency with an optional minimum and maximum. */
export const PlayerLimit = z
  .object({
    flow: PaymentFlowSchema,
    currency: Currency,
    min_amount: z
      .nullable(Decimal)
      .check(
        z.describe(
          "The player's smallest amount per payment in that flow and currency; null: the pay group's minimum.",
        ),
      ),
    max_amount: z
      .nullable(Decimal)
      .check(
        z.describe(
          "The player's largest amount per payment in that flow and currency; null: the pay group's maximum.",
        ),
      ),
  })
  .check(
    z.meta({
      id: 'PlayerLimit',
      description:
        "The player's own limits of one flow and currency. They narrow every pay group's limits the player sees and pays with (the larger minimum and the smaller maximum win); null leaves that bound to the pay group. Writing both bounds null removes the limit.",
    }),
  );
/** The type of {@link PlayerLimit}. */
export type PlayerLimit = z.infer<typeof PlayerLimit>;

const Name = z.string().check(z.minLength(1), z.maxLength(100));
const Email = z.email().check(z.maxLength(254));
const Phone = z.string().check(z.regex(/^\+[1-9][0-9]{6,14}$/, 'E.164, e.g. +441234567890'));
const Country = z.string().check(z.regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2, e.g. GB'));

/** Profile fields of a player an operator writes: absent leaves a field, null clears it. */
const profileShape = {
  first_name: z
    .optional(z.nullable(Name))
    .check(z.describe("The player's first name (1-100 characters); null clears it.")),
  last_name: z
    .optional(z.nullable(Name))
    .check(z.describe("The player's last name (1-100 characters); null clears it.")),
  email: z
    .optional(z.nullable(Email))
    .check(
      z.describe(
        "The player's e-mail address; a contact the payout verification may send its one-time code to. null clears it.",
      ),
    ),
  phone: z
    .optional(z.nullable(Phone))
    .check(
      z.describe(
        "The player's phone number in E.164 form (+441234567890); the phone fields start from it and the payout verification may send its one-time code to it. null clears it.",
      ),
    ),
  country: z
    .optional(z.nullable(Country))
    .check(
      z.describe(
        "The player's country, ISO 3166-1 alpha-2 (GB): with country filtering on (settings), only the pay groups of that country are offered. null clears it.",
      ),
    ),
  verification_status: z.optional(VerificationStatus),
  /** Limits to set (or remove, with both bounds null) per flow and currency; others stay. */
  limits: z
    .optional(z.array(PlayerLimit).check(z.maxLength(50)))
    .check(
      z.describe(
        "The player's own amount limits per flow and currency (at most 50): the pairs given are set (both bounds null removes one), the others stay.",
      ),
    ),
};

/** PATCH /players/{external_id}: the fields given change, the rest stay. */
export const PlayerUpdateRequest = changeRequest(profileShape).check(
  z.meta({
    id: 'PlayerUpdateRequest',
    description:
      "Changes a player's profile: only the fields given change (at least one; an unknown field is refused), null clears a field. limits sets the given flow and currency pairs (both bounds null removes one) and leaves the others.",
  }),
);
/** The type of {@link PlayerUpdateRequest}. */
export type PlayerUpdateRequest = z.infer<typeof PlayerUpdateRequest>;

/** The player of a session request: the brand's id for them and their profile. */
export const SessionPlayer = z
  .object({
    external_id: PlayerRef.check(
      z.describe(
        "The brand's own id of the player (1-64 letters, digits, ., _ or -): the player is created on first use.",
      ),
    ),
    ...profileShape,
  })
  .check(
    z.meta({
      id: 'SessionPlayer',
      description:
        'The player a session is for, by the id the brand knows them by: created on first use, else updated with the fields given (as PATCH /players/{external_id}).',
    }),
  );

/** POST /sessions: a cashier session for one of the brand's players. */
export const OperatorSessionRequest = z
  .object({
    player: SessionPlayer,
    flow: PaymentFlowSchema,
    currency: Currency,
    language: z
      .optional(LanguageCode)
      .check(
        z.describe(
          "The cashier's language (default en): the widget's texts, the brand's text overrides of that language and the pay groups' public_names.",
        ),
      ),
    theme: z
      .optional(OperatorThemeName)
      .check(
        z.describe(
          "The widget theme of the session (a built-in one or one of the brand's, PUT /themes/{name}); left out: the brand's default theme (PUT /theme-default). The cashier shows it wherever it is opened without a theme parameter.",
        ),
      ),
  })
  .check(
    z.meta({
      id: 'OperatorSessionRequest',
      description:
        'Starts a cashier session of the flow, currency (one the brand offers in that flow) and language (default en) for the player, upserting the player first. theme names the widget theme (default the brand default).',
    }),
  );
/** The type of {@link OperatorSessionRequest}. */
export type OperatorSessionRequest = z.infer<typeof OperatorSessionRequest>;

/** The created session. */
export const OperatorSessionCreated = z
  .object({
    session_id: SessionId,
    expires_at: DateTime,
    widget_url: Url,
    player_id: PlayerRef,
  })
  .check(
    z.meta({
      id: 'OperatorSessionCreated',
      description:
        "The session: widget_url is the cashier address to embed (session_id, lang and theme in its query); expires_at is when it stops answering unless used (it slides with every call). Hand it to the player's browser only.",
    }),
  );

/** A player's balance in one currency. */
export const PlayerBalance = z
  .object({
    currency: Currency,
    balance: SignedDecimal,
    reserved: Decimal,
    wager_remaining: Decimal,
  })
  .check(
    z.meta({
      id: 'PlayerBalance',
      description:
        "The player's balance in one currency as the cashier's ledger keeps it: balance (spendable; below zero after a refund of money already spent), reserved (pending withdrawals) and the turnover still to wager.",
    }),
  );

/** A player as the operator API answers it. */
export const OperatorPlayer = z
  .object({
    external_id: PlayerRef,
    first_name: z.nullable(z.string()),
    last_name: z.nullable(z.string()),
    email: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    country: z.nullable(z.string()),
    verification_status: VerificationStatus,
    blocked: z.boolean(),
    blocked_at: z.nullable(DateTime),
    block_reason: z.nullable(z.string()),
    limits: z.array(PlayerLimit),
    balances: z.array(PlayerBalance),
    created_at: DateTime,
  })
  .check(
    z.meta({
      id: 'OperatorPlayer',
      description:
        "A player of the key's brand: profile, verification status, own limits, whether blocked (and why), and balances per currency.",
    }),
  );
/** The type of {@link OperatorPlayer}. */
export type OperatorPlayer = z.infer<typeof OperatorPlayer>;

/** Path parameters naming a player. */
export const PlayerParams = z.object({ external_id: PlayerRef });

/** POST /players/{external_id}/block and /unblock. */
export const PlayerBlockRequest = z
  .object({
    reason: z
      .optional(z.string().check(z.minLength(1), z.maxLength(500)))
      .check(z.describe('A note on why (1-500 characters), kept in the audit trail.')),
  })
  .check(
    z.meta({
      id: 'PlayerBlockRequest',
      description: 'Why the player is blocked or unblocked (kept in the audit trail).',
    }),
  );

/** The brand's verification rules: the flows only a verified player may pay in. */
export const VerificationRules = z
  .object({
    verified_flows: z
      .array(PaymentFlowSchema)
      .check(
        z.maxLength(2),
        z.describe(
          'The flows (deposit, withdrawal) only a verified player may pay in; empty: none.',
        ),
      ),
  })
  .check(
    z.meta({
      id: 'VerificationRules',
      description:
        'The flows a player must be verified for (verification_status verified), e.g. ["withdrawal"]. A payment of such a flow by another player is refused (1811) with a translated message.',
    }),
  );
/** The type of {@link VerificationRules}. */
export type VerificationRules = z.infer<typeof VerificationRules>;

/** GET/PUT /verification-rules answer: the rules and the configuration version they are at. */
export const VerificationRulesAnswer = z
  .object({ ...VerificationRules.shape, config_version: z.number() })
  .check(
    z.meta({
      id: 'VerificationRulesAnswer',
      description: "The brand's verification rules and its configuration version (the ETag too).",
    }),
  );

/** GET /players: the filters (combined with AND), a page size and the cursor. */
export const PlayerListQuery = z.object({
  q: z.optional(
    z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(100),
        z.describe(
          'Finds players whose external id starts with it, or whose e-mail, first or last name contains it (case-insensitive).',
        ),
      ),
  ),
  blocked: z.optional(
    z
      .enum(['true', 'false'])
      .check(z.describe('true: blocked players only; false: players not blocked.')),
  ),
  verified: z.optional(
    z
      .enum(['true', 'false'])
      .check(z.describe('true: verified players only; false: the others (unverified or pending).')),
  ),
  verification_status: z.optional(VerificationStatus),
  ...PageQuery.shape,
});

/** A page of players. */
export const PlayerPage = z
  .object({ players: z.array(OperatorPlayer), next_cursor: z.nullable(z.string()) })
  .check(
    z.meta({
      id: 'PlayerPage',
      description:
        'A page of players, newest first (by creation time, then id); next_cursor fetches the next page and is null on the last. Each player as GET /players/{external_id} answers it.',
    }),
  );
/** The type of {@link PlayerPage}. */
export type PlayerPage = z.infer<typeof PlayerPage>;
