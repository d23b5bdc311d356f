/**
 * Document uploads of both flows (SPEC §7 payments/groups/{payGroupId}/upload; the withdrawal
 * upload, which the spec does not show, mirrors it): one handler, the flow's differences named.
 *
 * The multipart form goes through modules/payments/uploads.ts: the file streams to a temporary
 * file, its type is decided by its bytes (domain checkFileUpload), at most 20 971 520 bytes, and a
 * refused upload leaves nothing behind. `transaction_id`, when sent, must be the player's
 * transaction of this flow and pay group; without it the document is for a form field, and
 * `field_name`, when sent, must be a file upload field of the method. A transaction holds at most
 * UPLOAD_MAX_DOCUMENTS_PER_TRANSACTION documents of at most UPLOAD_MAX_BYTES_PER_TRANSACTION bytes
 * in all, and so do a player's documents not yet attached to one (409, code 1014). A deposit's
 * document attached to a bank transfer waiting for its receipt is reported to the provider
 * (modules/payments/receipts.ts). The Idempotency-Key covers the file's sha256 and the form fields.
 * The bytes go to the document storage (modules/payments/document-storage.ts: the local disk, or
 * a bucket); one that cannot be reached answers 503 (1016) and stores nothing.
 *
 * @packageDocumentation
 */
import multipart from '@fastify/multipart';
import * as z from 'zod/mini';
import { ParameterName, TransactionId } from '@cashdesk/contract';
import type { ENDPOINTS } from '@cashdesk/contract';
import { fieldKind, mapFields } from '@cashdesk/domain';
import type { PaymentFlow } from '@cashdesk/domain';
import { ApiError } from '../../../http/api-error';
import type { App } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';
import type { EndpointContext } from '../../../http/register-endpoint';
import { findSessionPayGroup, sessionScope } from '../../cashier';
import { attachReceipt } from '../receipts';
import { findPlayerTransaction } from '../transaction-repository';
import {
  UPLOAD_LIMITS,
  checkReceivedFile,
  discardReceived,
  documentToWire,
  readUploadForm,
  storeDocument,
} from '../uploads';

/** The upload endpoints of the two flows. */
type UploadEndpoint = typeof ENDPOINTS.depositUpload | typeof ENDPOINTS.payoutUpload;

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

/** The upload handler of a flow (see the module comment). */
function uploadHandler(flow: PaymentFlow) {
  return async (context: EndpointContext<UploadEndpoint>) => {
    const { session, params, deps } = context;
    const entry = await findSessionPayGroup(
      deps.db,
      sessionScope(session, flow),
      params.payGroupId,
    );
    const form = await readUploadForm(context.request, deps.config.dataDir);
    const file = form.file;
    if (file === null) {
      throw new ApiError('invalidField', { field: 'file', detail: 'no file part' });
    }
    // Set once the file has moved to its place (the closure runs inside idempotent()).
    const stored = { kept: false };
    try {
      const type = checkReceivedFile(file);
      const transactionId = optionalPart(
        TransactionId,
        form.fields.transaction_id,
        'transaction_id',
      );
      const fieldName = optionalPart(ParameterName, form.fields.field_name, 'field_name');
      // A document for a form field must name an upload field of the method; one for a
      // transaction (a receipt sent after the submit) belongs to that transaction instead.
      if (
        fieldName !== undefined &&
        transactionId === undefined &&
        !mapFields(entry.group.fields).some(
          (field) => field.name === fieldName && fieldKind(field) === 'file_upload',
        )
      ) {
        throw new ApiError('invalidField', {
          field: 'field_name',
          detail: `field_name is not a file upload field of this ${flow} method`,
        });
      }
      return await context.idempotent(
        { params, sha256: file.sha256, size: file.size, transactionId, fieldName },
        async () => {
          const row =
            transactionId === undefined
              ? null
              : await findPlayerTransaction(deps.db, session.playerId, transactionId);
          if (row !== null && (row.flow !== flow || row.payGroupId !== entry.group.id)) {
            throw new ApiError('notFound', {
              field: 'transaction_id',
              detail: `the transaction is not a ${flow} of this pay group`,
            });
          }
          const document = await storeDocument(deps.db, {
            storage: deps.documentStorage,
            file,
            type,
            playerId: session.playerId,
            payGroupId: entry.group.id,
            transactionId: row?.id ?? null,
            quota: deps.config.security.uploadQuota,
          });
          stored.kept = true;
          if (row !== null && flow === 'deposit') {
            await attachReceipt({ ...deps, log: context.request.log }, row, document.id);
          }
          return { status: 200 as const, body: documentToWire(document) };
        },
      );
    } finally {
      if (!stored.kept) await discardReceived(file);
    }
  };
}

/**
 * Registers the upload endpoint of a flow in its own encapsulated context, so that no other route
 * accepts multipart bodies.
 */
export function registerUploadRoute(app: App, endpoint: UploadEndpoint, flow: PaymentFlow): void {
  void app.register(async (child) => {
    await child.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: false });
    registerEndpoint(child, endpoint, uploadHandler(flow));
  });
}
