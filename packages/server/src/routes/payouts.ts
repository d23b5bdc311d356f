/**
 * Withdrawal calls (SPEC §7): payouts/groups/{payGroupId}/submit, payouts/groups/{payGroupId}/upload
 * and payments/reverse-pending-withdrawal. The rules live in services/payouts.ts; idempotency of
 * submit is register-endpoint's wrapper (a repeat with the same Idempotency-Key answers the first
 * pay session, concurrent duplicates make one withdrawal).
 *
 * The withdrawal upload (SPEC §7 does not show it; the contract mirrors the deposit upload) takes
 * the same multipart form under the same rules, through services/uploads.ts: the file streams to a
 * temporary file, its type is decided by its bytes (domain checkFileUpload), at most 20 971 520
 * bytes, and a refused upload leaves nothing behind. It stores a document for a file_upload field
 * of a withdrawal form (e.g. an identity document), optionally attached to a withdrawal of the
 * same pay group.
 *
 * @packageDocumentation
 */
import multipart from '@fastify/multipart';
import * as z from 'zod/mini';
import { fieldKind, mapFields } from '@cashdesk/domain';
import { ENDPOINTS, ParameterName, TransactionId } from '@cashdesk/contract';
import { ApiError } from '../http/api-error';
import type { App } from '../http/app-types';
import { registerEndpoint } from '../http/register-endpoint';
import type { EndpointContext } from '../http/register-endpoint';
import { findSessionPayGroup, sessionScope } from '../services/pay-groups';
import { reversePendingWithdrawal, submitPayout } from '../services/payouts';
import { findPlayerTransaction } from '../services/transactions';
import {
  checkReceivedFile,
  discardReceived,
  documentToWire,
  readUploadForm,
  storeDocument,
  UPLOAD_LIMITS,
} from '../services/uploads';

type PayoutUploadContext = EndpointContext<typeof ENDPOINTS.payoutUpload>;

/** A text form part checked against its schema; `undefined` when absent or empty. */
function optionalPart(
  schema: z.ZodMiniType<string, string>,
  value: string | undefined,
  field: string,
): string | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = z.safeParse(schema, value);
  if (!parsed.success) throw new ApiError('invalidField', { field, detail: `${field} refused` });
  return parsed.data;
}

/** POST payouts/groups/{payGroupId}/upload (see the module comment). */
async function uploadPayoutDocument(context: PayoutUploadContext) {
  const { session, params, deps } = context;
  const entry = await findSessionPayGroup(
    deps.db,
    sessionScope(session, 'withdrawal'),
    params.payGroupId,
  );
  const form = await readUploadForm(context.request, deps.config.dataDir);
  const file = form.file;
  if (file === null) throw new ApiError('invalidField', { field: 'file', detail: 'no file part' });
  // Set by the stored document; read after the idempotent run (a replay keeps nothing).
  const stored = { kept: false };
  try {
    const type = checkReceivedFile(file);
    const transactionId = optionalPart(TransactionId, form.fields.transaction_id, 'transaction_id');
    const fieldName = optionalPart(ParameterName, form.fields.field_name, 'field_name');
    if (
      fieldName !== undefined &&
      !mapFields(entry.group.fields).some(
        (field) => field.name === fieldName && fieldKind(field) === 'file_upload',
      )
    ) {
      throw new ApiError('invalidField', {
        field: 'field_name',
        detail: 'field_name is not a file upload field of this withdrawal method',
      });
    }
    return await context.idempotent(
      { params, sha256: file.sha256, size: file.size, transactionId, fieldName },
      async () => {
        const row =
          transactionId === undefined
            ? null
            : await findPlayerTransaction(deps.db, session.playerId, transactionId);
        if (row !== null && (row.flow !== 'withdrawal' || row.payGroupId !== entry.group.id)) {
          throw new ApiError('notFound', {
            field: 'transaction_id',
            detail: 'the transaction is not a withdrawal of this pay group',
          });
        }
        const document = await storeDocument(deps.db, {
          dataDir: deps.config.dataDir,
          file,
          type,
          playerId: session.playerId,
          payGroupId: entry.group.id,
          transactionId: row?.id ?? null,
        });
        stored.kept = true;
        return { status: 200 as const, body: documentToWire(document) };
      },
    );
  } finally {
    if (!stored.kept) await discardReceived(file);
  }
}

/** Registers the withdrawal submit, upload and reversal routes. */
export function registerPayoutRoutes(app: App): void {
  registerEndpoint(
    app,
    ENDPOINTS.payoutSubmit,
    async ({ params, body, session, deps, idempotencyKey }) => {
      const paySession = await submitPayout(deps, session, params.payGroupId, body, {
        idempotencyKey,
      });
      return { status: 200, body: paySession };
    },
  );

  registerEndpoint(app, ENDPOINTS.reversePendingWithdrawal, async ({ session, deps }) => {
    const reversal = await reversePendingWithdrawal(deps, session);
    return { status: 200, body: reversal };
  });

  // Multipart in its own encapsulated context: no other route of this module takes it.
  void app.register(async (child) => {
    await child.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: false });
    registerEndpoint(child, ENDPOINTS.payoutUpload, uploadPayoutDocument);
  });
}
