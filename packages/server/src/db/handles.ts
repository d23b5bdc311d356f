/**
 * The handles the data access takes: the database, a transaction of it, and either.
 *
 * @packageDocumentation
 */
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';

/**
 * The database handle every service takes, whichever driver is underneath. It is made without
 * drizzle's relational query API (`db.query.…`), which the services do not use: with the schema
 * given, drizzle built a query builder for every table on every database transaction.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

/** A transaction handle (`db.transaction(async (tx) => …)`). */
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;

/**
 * Either a database or a transaction: services take this so a caller can compose several of them
 * in one transaction (drizzle turns a nested `transaction()` into a savepoint).
 */
export type Executor = Database | Transaction;
