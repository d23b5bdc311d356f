import { describe, expect, it } from 'vitest';
import { decideNewTab } from './new-tab';

describe('cashier_in_new_tab (SPEC §2 start-up)', () => {
  it.each([
    [
      'https://pay.example.com/deposit?cashier_in_new_tab=1&lang=en',
      { action: 'redirect', address: 'https://pay.example.com/deposit?lang=en' },
    ],
    [
      'https://pay.example.com/deposit?lang=en&cashier_in_new_tab#x',
      { action: 'redirect', address: 'https://pay.example.com/deposit?lang=en#x' },
    ],
    [
      { href: '/withdrawal?cashier_in_new_tab=true&cashier_in_new_tab=1' },
      { action: 'redirect', address: '/withdrawal' },
    ],
    [
      'https://pay.example.com/deposit?cashier_in_new_tab=1&q=a%20b&flag',
      { action: 'redirect', address: 'https://pay.example.com/deposit?q=a+b&flag=' },
    ],
    ['https://pay.example.com/deposit?cashier_in_new_tab=0', { action: 'render' }],
    ['https://pay.example.com/deposit?cashier_in_new_tab=false', { action: 'render' }],
    ['https://pay.example.com/deposit?lang=en', { action: 'render' }],
    [42, { action: 'render' }],
  ])('%j gives %j', (address, expected) => {
    expect(decideNewTab(address)).toEqual(expected);
  });
});
