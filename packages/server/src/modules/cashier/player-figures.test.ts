import { describe, expect, it } from 'vitest';
import { readPlayerFigures } from './player-figures';

describe("readPlayerFigures (SPEC §3 the player's figures)", () => {
  const figures = {
    blocked: false,
    external_id: 'demo',
    verification_status: 'verified',
    country: 'DE',
    phone: null,
    email: null,
    first_name: 'Dana',
    last_name: null,
    config_version: 7,
    balance: '120.50',
    reserved: '0',
    wager_remaining: null,
    last_used_id: 3,
    limit_min: null,
    limit_max: '500',
    bonuses: [
      {
        description: 'Welcome',
        absolute: null,
        percent: '10',
        max: '50',
        min_deposit: '20',
        max_deposit: null,
        pay_groups: [3, 5],
      },
    ],
  };

  it('reads every column, as an object or as its JSON text', () => {
    const expected = {
      blocked: false,
      externalId: 'demo',
      verificationStatus: 'verified',
      country: 'DE',
      phone: null,
      email: null,
      firstName: 'Dana',
      lastName: null,
      configVersion: 7,
      balance: '120.50',
      reserved: '0',
      wagerRemaining: null,
      lastUsedId: 3,
      limitMin: null,
      limitMax: '500',
      bonuses: [
        {
          description: 'Welcome',
          absolute: null,
          percent: '10',
          max: '50',
          min_deposit: '20',
          max_deposit: null,
          pay_groups: [3, 5],
        },
      ],
    };
    expect(readPlayerFigures(figures)).toEqual(expected);
    expect(readPlayerFigures(JSON.stringify(figures))).toEqual(expected);
  });

  it.each([
    ['blocked', 'no'],
    ['external_id', null],
    ['config_version', null],
    ['config_version', '7'],
    ['balance', 120.5],
    ['last_used_id', 3.5],
    ['limit_max', 500],
  ])('refuses a %s of the wrong kind (%j) rather than showing a wrong figure', (column, value) => {
    expect(() => readPlayerFigures({ ...figures, [column]: value })).toThrow(column);
  });

  it('refuses an answer that is not an object', () => {
    expect(() => readPlayerFigures(null)).toThrow(/row/);
    expect(() => readPlayerFigures('[]')).toThrow(/row/);
  });
});
