/**
 * The building blocks of the operator API (`/api/operator/v1`): the scopes of an API
 * key, brands and their keys, the audit trail, and the list conventions (cursor pagination). The
 * operator API is the operator's backend talking to the cashier, separate from the player's calls
 * of SPEC §7: it authenticates with `Authorization: Bearer <key>` instead of a session.
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { OPERATOR_SCOPES } from '../values';
import { DateTime } from './common';
import { BrandId } from './sandbox';

export { OPERATOR_SCOPES, OPERATOR_SCOPE_DESCRIPTIONS } from '../values';

/** One scope of {@link OPERATOR_SCOPES}. */
export const OperatorScope = z.enum(OPERATOR_SCOPES).check(
  z.meta({
    id: 'OperatorScope',
    description: 'A scope of an operator API key: what the key may read or change.',
  }),
);

/** The id of an API key (the public part of the key: `cdk_<id>_<secret>`). */
export const ApiKeyId = z
  .string()
  .check(z.regex(/^[a-z0-9]{12}$/, 'twelve lower-case letters or digits'));

/** A short label an operator gives a key ("backend", "rotation 2026-11"). */
export const ApiKeyLabel = z.string().check(z.minLength(1), z.maxLength(100));

/** Path parameters naming a brand (administrator calls). */
export const BrandParams = z.object({ brandId: BrandId });

/** Path parameters naming one API key of a brand. */
export const BrandApiKeyParams = z.object({ brandId: BrandId, keyId: ApiKeyId });

/** Administrator: create a brand (an empty one: configure it with the brand's own key). */
export const BrandCreateRequest = z
  .object({
    id: BrandId.check(
      z.describe(
        "The brand's id (1-32 letters, digits, _ or -), fixed once created: it names the brand in the administrator's paths and in each session's lang-brand.",
      ),
    ),
    name: z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(200),
        z.describe("The brand's display name in the operator API (not shown to players)."),
      ),
  })
  .check(
    z.meta({
      id: 'BrandCreateRequest',
      description:
        'Creates an empty brand: no currencies, pay groups or players yet. Its configuration is written with one of its own API keys.',
    }),
  );
/** The type of {@link BrandCreateRequest}. */
export type BrandCreateRequest = z.infer<typeof BrandCreateRequest>;

/** A brand as the administrator calls answer it. */
export const BrandSummary = z
  .object({
    id: BrandId,
    name: z.string(),
    config_version: z.number(),
    created_at: DateTime,
  })
  .check(z.meta({ id: 'BrandSummary', description: 'A brand and its configuration version.' }));
/** The type of {@link BrandSummary}. */
export type BrandSummary = z.infer<typeof BrandSummary>;

/**
 * The body of a partial update (every PATCH of the operator API): the fields of `shape`, each
 * optional, of which at least one is given. A field the shape does not know is refused (400
 * naming it), never ignored: a misspelled field would otherwise change nothing and answer 200.
 * An empty body is refused too (400 naming `body`): it changes nothing, and was meant to.
 */
export function changeRequest<S extends z.core.$ZodLooseShape>(shape: S) {
  return z.strictObject(shape).check(
    z.refine((value) => Object.values(value).some((field) => field !== undefined), {
      message: 'Name at least one field to change',
    }),
  );
}

/**
 * A change of the brand itself (PATCH /brand): only the fields given change. The configuration
 * calls extend what a brand's settings hold.
 */
export const BrandUpdateRequest = changeRequest({
  name: z.optional(
    z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(200),
        z.describe("The brand's display name in the operator API (not shown to players)."),
      ),
  ),
}).check(
  z.meta({
    id: 'BrandUpdateRequest',
    description:
      'Changes the brand; only the fields given change. At least one field; an unknown field is refused.',
  }),
);
/** The type of {@link BrandUpdateRequest}. */
export type BrandUpdateRequest = z.infer<typeof BrandUpdateRequest>;

/**
 * Headers of a configuration write: If-Match may name the configuration version the change was
 * made against (`"17"`); the write is refused (409, 1804) when the brand is at another version.
 */
export const ConfigWriteHeaders = z.object({
  'if-match': z.optional(
    z
      .string()
      .check(z.regex(/^\s*(?:W\/)?"?[0-9]{1,15}"?\s*$/, 'a configuration version, e.g. "17"')),
  ),
});

/** Administrator: mint an API key for a brand. */
export const ApiKeyCreateRequest = z
  .object({
    label: ApiKeyLabel.check(
      z.describe('A label to tell the keys apart ("backend", "rotation 2026-11"); not secret.'),
    ),
    scopes: z
      .array(OperatorScope)
      .check(
        z.minLength(1),
        z.describe(
          'What the key may do (at least one scope): config:read and config:write for the configuration calls, and the scopes of sessions, players and transactions (see OperatorScope).',
        ),
      ),
  })
  .check(
    z.meta({
      id: 'ApiKeyCreateRequest',
      description:
        'Mints an API key of the brand with these scopes. Several keys may be active at once, so a key is rotated by minting the next one, switching to it, then revoking the old one.',
    }),
  );
/** The type of {@link ApiKeyCreateRequest}. */
export type ApiKeyCreateRequest = z.infer<typeof ApiKeyCreateRequest>;

/** An API key as listed: never its secret. */
export const ApiKeySummary = z
  .object({
    id: ApiKeyId,
    brand_id: BrandId,
    label: z.string(),
    scopes: z.array(OperatorScope),
    created_at: DateTime,
    last_used_at: z.nullable(DateTime),
    revoked_at: z.nullable(DateTime),
  })
  .check(
    z.meta({
      id: 'ApiKeySummary',
      description: 'An API key of a brand, without its secret (the server keeps only a hash).',
    }),
  );
/** The type of {@link ApiKeySummary}. */
export type ApiKeySummary = z.infer<typeof ApiKeySummary>;

/** A freshly minted key: the only answer that ever holds its secret. */
export const ApiKeyCreated = z
  .object({
    ...ApiKeySummary.shape,
    key: z.string(),
  })
  .check(
    z.meta({
      id: 'ApiKeyCreated',
      description:
        'The minted key. `key` is the whole secret (`cdk_<id>_<secret>`), shown this once: the server keeps only its SHA-256 hash.',
    }),
  );
/** The type of {@link ApiKeyCreated}. */
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

/** The keys of a brand, revoked ones included. */
export const ApiKeyList = z
  .object({ keys: z.array(ApiKeySummary) })
  .check(z.meta({ id: 'ApiKeyList', description: 'The API keys of a brand, newest first.' }));

/** Largest page of a list call. */
export const OPERATOR_PAGE_MAX = 200;

/** The page size of a list call that names none. */
export const OPERATOR_PAGE_DEFAULT = 50;

/** Query of a list call: a page size and the cursor the previous page answered. */
export const PageQuery = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(OPERATOR_PAGE_MAX))),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});

/** What an audited call did: changed something, or read. */
export const AuditKind = z.enum(['change', 'read']);

/** Query of the audit trail: a page, and the filters (all optional, combined with AND). */
export const AuditQuery = z.object({
  ...PageQuery.shape,
  kind: z.optional(AuditKind),
  actor: z.optional(
    z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(100),
        z.describe('Who made the call: `admin`, or an API key id.'),
      ),
  ),
  action: z.optional(
    z
      .string()
      .check(
        z.regex(/^[A-Za-z][A-Za-z0-9]{0,99}$/, 'an endpoint id, e.g. operatorPlayerUpdate'),
        z.describe('The endpoint id of the call, e.g. `operatorPlayerUpdate`.'),
      ),
  ),
  target: z.optional(
    z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(300),
        z.describe(
          "The start of the target: `transaction:<id>` also finds that transaction's refunds (`transaction:<id>:refund:<refund>`), `player:` every player.",
        ),
      ),
  ),
  /** At or after. */
  created_from: z.optional(DateTime),
  /** Before. */
  created_to: z.optional(DateTime),
});

/** One audited operator call. */
export const AuditEntry = z
  .object({
    id: z.string(),
    at: DateTime,
    /** `admin` or the API key's id. */
    actor: z.string(),
    /** The endpoint id of the call (e.g. `operatorPlayerUpdate`). */
    action: z.string(),
    kind: AuditKind,
    /** What the call changed, e.g. `player:p-17` or `pay_group:deposit/visa`; a read's address. */
    target: z.string(),
    before: z.nullable(z.unknown()),
    after: z.nullable(z.unknown()),
    request_id: z.string(),
  })
  .check(
    z.meta({
      id: 'AuditEntry',
      description:
        'One operator call: who (the key id, or admin), what (the call and its target), when; for a change (kind change) the state before and after, for a read (kind read) the address read, query included, with before and after null.',
    }),
  );

/** The type of {@link AuditEntry}. */
export type AuditEntry = z.infer<typeof AuditEntry>;

/** A page of the audit trail. */
export const AuditPage = z
  .object({ entries: z.array(AuditEntry), next_cursor: z.nullable(z.string()) })
  .check(
    z.meta({
      id: 'AuditPage',
      description: 'A page of the audit trail, newest first; next_cursor is null on the last.',
    }),
  );
