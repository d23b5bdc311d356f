import { describe, expect, it } from 'vitest';
import { storedFields } from './pay-group-form';

/** A pay group's stored fields as the database hands them over (JSON, unchecked). */
function groupWith(json: string) {
  const fields: unknown = JSON.parse(json);
  return { id: 7, fields };
}

const PHONE = JSON.stringify([{ name: 'phone', type: 'phone', title: 'Phone' }]);

describe('storedFields (SPEC §3 method detail parameters)', () => {
  it('checks a stored value once: the same value gives the same frozen definitions', () => {
    const group = groupWith(PHONE);
    const first = storedFields(group);
    expect(first).toMatchObject([{ name: 'phone', type: 'phone' }]);
    expect(storedFields(group)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first[0])).toBe(true);
  });

  it('checks another stored value anew, and refuses definitions the contract refuses', () => {
    expect(storedFields(groupWith(PHONE))).not.toBe(storedFields(groupWith(PHONE)));
    expect(() => storedFields(groupWith('[{"name":42}]'))).toThrow(/field definitions/);
    expect(() => storedFields(groupWith('"not a list"'))).toThrow(/field definitions/);
  });
});
