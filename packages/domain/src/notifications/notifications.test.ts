import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_CATEGORIES,
  addNotification,
  isNotificationVisible,
  removeAllNotifications,
  removeNotification,
  visibleNotifications,
} from './notifications';
import type { CashierNotification, NotificationPage } from './notifications';

const note = (key: string, overrides: Partial<CashierNotification> = {}): CashierNotification => ({
  key,
  categories: ['deposit_form'],
  payGroupId: 7,
  removed: false,
  ...overrides,
});

const depositForm = (payGroupId: number | null): NotificationPage => ({
  category: 'deposit_form',
  payGroupId,
});

describe('notification categories (SPEC §2)', () => {
  it('names the deposit and withdrawal form categories', () => {
    expect(NOTIFICATION_CATEGORIES).toEqual({
      depositForm: 'deposit_form',
      withdrawalForm: 'withdrawal_form',
    });
  });
});

describe('notification visibility (SPEC §2 Notifications)', () => {
  it.each<[string, CashierNotification, NotificationPage, boolean]>([
    ['matching form and pay group', note('a'), depositForm(7), true],
    ['removed', note('a', { removed: true }), depositForm(7), false],
    ['category not included', note('a'), { category: 'withdrawal_form', payGroupId: 7 }, false],
    ['other pay group on a form', note('a'), depositForm(8), false],
    ['form without a pay group', note('a'), depositForm(null), false],
    [
      'withdrawal form, matching pay group',
      note('a', { categories: ['withdrawal_form'] }),
      { category: 'withdrawal_form', payGroupId: 7 },
      true,
    ],
    [
      'withdrawal form, other pay group',
      note('a', { categories: ['withdrawal_form'] }),
      { category: 'withdrawal_form', payGroupId: 9 },
      false,
    ],
    [
      'no pay group: any pay group on a form',
      note('a', { payGroupId: null }),
      depositForm(8),
      true,
    ],
    [
      'no pay group: form without pay group',
      note('a', { payGroupId: null }),
      depositForm(null),
      true,
    ],
    [
      'non-form page ignores the pay group',
      note('a', { categories: ['deposit', 'deposit_form'] }),
      { category: 'deposit', payGroupId: 99 },
      true,
    ],
    [
      'non-form page, category not included',
      note('a'),
      { category: 'deposit', payGroupId: 7 },
      false,
    ],
    ['no categories', note('a', { categories: [] }), depositForm(7), false],
  ])('%s: visible %s', (_label, notification, page, expected) => {
    expect(isNotificationVisible(notification, page)).toBe(expected);
  });

  it('lists the visible notifications in the order they were added', () => {
    const list = [
      note('a'),
      note('b', { removed: true }),
      note('c', { payGroupId: 8 }),
      note('d', { payGroupId: null }),
    ];
    expect(visibleNotifications(list, depositForm(7)).map((n) => n.key)).toEqual(['a', 'd']);
  });
});

describe('adding notifications (SPEC §4 Notifications)', () => {
  it('marks earlier ones removed and appends the new one', () => {
    const first = addNotification([], { key: 'a', categories: ['deposit_form'], payGroupId: 7 });
    expect(first).toEqual([note('a')]);
    const second = addNotification(first, {
      key: 'b',
      categories: ['withdrawal_form'],
      payGroupId: null,
    });
    expect(second).toEqual([
      note('a', { removed: true }),
      note('b', { categories: ['withdrawal_form'], payGroupId: null }),
    ]);
    expect(first).toEqual([note('a')]);
  });

  it.each([
    ['a shown one', [note('a'), note('b', { removed: true })]],
    ['a removed one', [note('a', { removed: true }), note('b')]],
  ])('skips a duplicate key of %s and returns the same list', (_label, list) => {
    expect(addNotification(list, { key: 'a', categories: ['x'], payGroupId: 1 })).toBe(list);
  });

  it('keeps already removed entries as they are', () => {
    const removed = note('a', { removed: true });
    const result = addNotification([removed], { key: 'b', categories: [], payGroupId: null });
    expect(result[0]).toBe(removed);
  });

  it('leaves at most one notification shown, and keys unique (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'd')), (keys) => {
        let list: readonly CashierNotification[] = [];
        for (const key of keys) {
          list = addNotification(list, { key, categories: ['deposit_form'], payGroupId: 7 });
        }
        expect(list.filter((n) => !n.removed).length).toBe(keys.length === 0 ? 0 : 1);
        expect(new Set(list.map((n) => n.key)).size).toBe(list.length);
        expect(list.map((n) => n.key)).toEqual([...new Set(keys)]);
      }),
      { numRuns: 100 },
    );
  });
});

describe('removing notifications (SPEC §4 Notifications)', () => {
  it('marks the notification with the key removed', () => {
    const list = [note('a', { removed: true }), note('b'), note('c')];
    expect(removeNotification(list, 'b')).toEqual([
      note('a', { removed: true }),
      note('b', { removed: true }),
      note('c'),
    ]);
  });

  it.each([
    ['an unknown key', 'z'],
    ['an already removed key', 'a'],
  ])('returns the same list for %s', (_label, key) => {
    const list = [note('a', { removed: true }), note('b')];
    expect(removeNotification(list, key)).toBe(list);
  });

  it('keeps a removed key blocking its duplicate', () => {
    const list = removeNotification([note('a')], 'a');
    expect(addNotification(list, { key: 'a', categories: [], payGroupId: null })).toBe(list);
  });

  it('removes all', () => {
    const list = [note('a'), note('b', { removed: true }), note('c')];
    expect(removeAllNotifications(list)).toEqual([
      note('a', { removed: true }),
      note('b', { removed: true }),
      note('c', { removed: true }),
    ]);
  });

  it.each([[[]], [[note('a', { removed: true })]]])(
    'returns the same list when all are already removed: %j',
    (list) => {
      expect(removeAllNotifications(list)).toBe(list);
    },
  );
});
