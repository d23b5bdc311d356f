/**
 * GET /transactions/{id}, GET /transactions/{id}/timeline, GET /transactions, GET /transactions/count and GET /transactions.csv of the
 * operator API (scope transactions:read), the brand's transactions as its webhooks carry them
 * (modules/operator/transactions.ts); GET /transactions/{id}/documents and
 * /transactions/{id}/documents/{documentId} (scope documents:read), the documents the player
 * uploaded to one and their bytes (modules/payments/transaction-documents.ts). Every one of them
 * is audited as a read (register-endpoint.ts).
 *
 * @packageDocumentation
 */
import { OPERATOR_ENDPOINTS } from '@cashdesk/contract';
import type { App } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';
import { listTransactionDocuments, openTransactionDocument } from '../../payments';
import {
  countOperatorTransactions,
  exportOperatorTransactions,
  getOperatorTransaction,
  listOperatorTransactions,
} from '../transactions';
import { transactionTimeline } from '../timeline';
import { DEFAULT_PAGE_SIZE } from './audit';

/** Registers the transaction routes. */
export function registerOperatorTransactionRoutes(app: App): void {
  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorTransactionGet,
    async ({ params, deps, operator }) => ({
      status: 200,
      body: await getOperatorTransaction(deps.db, operator.brandId, params.transactionId),
    }),
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorTransactionTimelineGet,
    async ({ params, deps, operator }) => ({
      status: 200,
      body: await transactionTimeline(deps.db, operator.brandId, params.transactionId),
    }),
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorTransactionDocumentList,
    async ({ params, deps, operator }) => ({
      status: 200,
      body: await listTransactionDocuments(deps.db, operator.brandId, params.transactionId),
    }),
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorTransactionDocumentGet,
    async ({ params, deps, operator }) => ({
      status: 200,
      document: await openTransactionDocument(deps, operator.brandId, params),
    }),
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorTransactionList,
    async ({ query, deps, operator }) => {
      const { limit, cursor, ...filters } = query;
      const page = await listOperatorTransactions(deps.db, operator.brandId, filters, {
        limit: limit ?? DEFAULT_PAGE_SIZE,
        cursor,
      });
      return {
        status: 200,
        body: { transactions: page.transactions, next_cursor: page.nextCursor },
      };
    },
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorTransactionCount,
    async ({ query, deps, operator }) => ({
      status: 200,
      body: { count: await countOperatorTransactions(deps.db, operator.brandId, query) },
    }),
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorTransactionExport,
    ({ query, deps, operator, reply }) => {
      void reply.header('content-disposition', 'attachment; filename="transactions.csv"');
      return Promise.resolve({
        status: 200,
        csv: exportOperatorTransactions(deps.db, operator.brandId, query),
      });
    },
  );
}
