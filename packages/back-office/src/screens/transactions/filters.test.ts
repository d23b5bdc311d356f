import { describe, expect, it } from 'vitest';
import { filtersOf, isTransactionId, plainAmount, queryOf } from './filters';

describe('the transaction list filters', () => {
  it('are read from the address, every one, empty when absent', () => {
    const filters = filtersOf(new URLSearchParams('status=error&currency=eur&unknown=1'));
    expect(filters.status).toBe('error');
    expect(filters.currency).toBe('eur');
    expect(filters.player_id).toBe('');
    expect(Object.keys(filters)).not.toContain('unknown');
  });

  it("make the list call's query: trimmed, the currency upper-cased, the days as instants", () => {
    const query = queryOf(
      filtersOf(
        new URLSearchParams(
          'player_id=%20p-1%20&currency=eur&created_from=2026-03-01&created_to=2026-03-01',
        ),
      ),
    );
    expect(query.player_id).toBe('p-1');
    expect(query.currency).toBe('EUR');
    // The "to" day is inclusive on screen: the call's created_to is the next day's start.
    const from = new Date(query.created_from ?? '');
    const to = new Date(query.created_to ?? '');
    expect(from.getDate()).toBe(1);
    expect(from.getHours()).toBe(0);
    expect(to.getDate()).toBe(2);
    expect(to.getHours()).toBe(0);
  });

  it('send amounts as the decimal text typed, grouping removed, never through a float', () => {
    const query = queryOf(
      filtersOf(
        new URLSearchParams(
          'amount_from=1%2C500.10&amount_to=%2012345678901234567.89%20&connector=PSP-EU&provider_reference=%20ref-1%20',
        ),
      ),
    );
    expect(query.amount_from).toBe('1500.10');
    expect(query.amount_to).toBe('12345678901234567.89');
    expect(query.connector).toBe('psp-eu');
    expect(query.provider_reference).toBe('ref-1');
    // Not a grouped amount: sent as typed, for the API to name the field it refuses.
    expect(plainAmount('1,5')).toBe('1,5');
    expect(plainAmount('10 000')).toBe('10000');
  });

  it('leave out a day that is not one', () => {
    const query = queryOf(filtersOf(new URLSearchParams('created_from=yesterday')));
    expect(query.created_from).toBeUndefined();
  });

  it('tell a transaction id (a UUID) from a player id', () => {
    expect(isTransactionId(' 5f0c5a1e-3b7a-4c1d-9a57-0a6f3d2b9c11 ')).toBe(true);
    expect(isTransactionId('p-5f0c5a1e')).toBe(false);
  });
});
