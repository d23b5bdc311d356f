/**
 * The audit trail of the operator API. Every call that changes something records who
 * (the key's id, `admin`, or `staff:<id>` for a staff member in the back office), what (the endpoint id and its target), when, and the state before
 * and after, in the same database transaction as the change: the entry exists exactly when the
 * change committed. Every read records who read which address, and when (kind `read`, after its
 * answer was made). Secrets never enter it (a minted key is audited by its summary).
 *
 * @packageDocumentation
 */
import type { AuditEntry } from '@cashdesk/contract';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/open';
import { operatorAuditLog } from '../db/schema';
import { ApiError } from './api-error';
import type { OperatorPrincipal } from './operator-keys';

/** One call to record. */
export interface AuditRecord {
  readonly brandId: string;
  /** The endpoint id of the call. */
  readonly action: string;
  /** A change (the default) or a read. */
  readonly kind?: 'change' | 'read';
  /** What changed, e.g. `player:p-17`, `api_key:ab12cd34ef56`. */
  readonly target: string;
  readonly before: unknown;
  readonly after: unknown;
  readonly requestId: string;
  readonly at: Date;
}

/** The actor name of a principal in the trail. */
export function actorOf(principal: OperatorPrincipal): string {
  if (principal.staff !== undefined) return `staff:${principal.staff.id}`;
  return principal.kind === 'admin' ? 'admin' : principal.keyId;
}

/** Records one change (call it inside the transaction that makes the change). */
export async function recordAudit(
  tx: Executor,
  principal: OperatorPrincipal,
  record: AuditRecord,
): Promise<void> {
  await tx.insert(operatorAuditLog).values({
    brandId: record.brandId,
    actor: actorOf(principal),
    action: record.action,
    kind: record.kind ?? 'change',
    target: record.target,
    before: record.before ?? null,
    after: record.after ?? null,
    requestId: record.requestId,
    at: record.at,
  });
}

/** The filters of the trail (all optional, combined with AND). */
export interface AuditFilters {
  readonly kind?: 'change' | 'read' | undefined;
  /** `admin` or a key id. */
  readonly actor?: string | undefined;
  /** An endpoint id. */
  readonly action?: string | undefined;
  /** The start of the target. */
  readonly target?: string | undefined;
  /** At or after. */
  readonly created_from?: string | undefined;
  /** Before. */
  readonly created_to?: string | undefined;
}

/** A page of a brand's trail, newest first. */
export async function listAudit(
  db: Executor,
  brandId: string,
  page: { readonly limit: number; readonly cursor?: string | undefined } & AuditFilters,
): Promise<{ readonly entries: AuditEntry[]; readonly nextCursor: string | null }> {
  const after = page.cursor === undefined ? undefined : decodeSeqCursor(page.cursor);
  const rows = await db
    .select()
    .from(operatorAuditLog)
    .where(
      and(
        eq(operatorAuditLog.brandId, brandId),
        page.kind === undefined ? undefined : eq(operatorAuditLog.kind, page.kind),
        page.actor === undefined ? undefined : eq(operatorAuditLog.actor, page.actor),
        page.action === undefined ? undefined : eq(operatorAuditLog.action, page.action),
        // A prefix compared as text, never as a LIKE pattern: `_` and `%` are plain characters.
        page.target === undefined
          ? undefined
          : sql`starts_with(${operatorAuditLog.target}, ${page.target})`,
        page.created_from === undefined
          ? undefined
          : gte(operatorAuditLog.at, new Date(page.created_from)),
        page.created_to === undefined
          ? undefined
          : lt(operatorAuditLog.at, new Date(page.created_to)),
        after === undefined ? undefined : lt(operatorAuditLog.seq, after),
      ),
    )
    .orderBy(desc(operatorAuditLog.seq))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    entries: shown.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actor,
      action: row.action,
      kind: row.kind,
      target: row.target,
      before: row.before,
      after: row.after,
      request_id: row.requestId,
    })),
    nextCursor: rows.length > page.limit && last !== undefined ? encodeSeqCursor(last.seq) : null,
  };
}

/** An opaque cursor of a position in a sequence. */
export function encodeSeqCursor(seq: number): string {
  return Buffer.from(`s:${seq}`, 'utf8').toString('base64url');
}

/**
 * The position an {@link encodeSeqCursor} cursor names.
 *
 * @throws {ApiError} invalidField (`query.cursor`) for a cursor this server did not make.
 */
export function decodeSeqCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^s:([0-9]{1,15})$/.exec(text);
  if (match?.[1] === undefined)
    throw new ApiError('invalidField', { field: 'query.cursor', detail: 'unknown cursor' });
  return Number(match[1]);
}
