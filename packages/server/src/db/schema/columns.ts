/**
 * The column builders that every table of the schema shares: money as `numeric(24, 10)` (read as a
 * decimal string, docs/architecture.md: never a float) and the `created_at` and `updated_at`
 * timestamps. Not tables, so the schema's index does not export them.
 *
 * @packageDocumentation
 */
import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Precision and scale of every money column: 14 integer and 10 decimal digits (SPEC §9). */
const MONEY = { precision: 24, scale: 10 } as const;

export const money = (name: string) => numeric(name, MONEY);
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
