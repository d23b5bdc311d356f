import { describe, expect, it } from 'vitest';
import { truncateLabel, truncateText } from './truncate';

describe("SPEC §9: a low button's label, cut at 20 characters without splitting a word", () => {
  it('cuts before the word the limit would split, so the words shown are words of the name', () => {
    expect(truncateLabel('Crypto (QR code) with any wallet', 20)).toBe('Crypto (QR code)…');
    expect(truncateLabel('Instant bank payout today', 20)).toBe('Instant bank payout…');
  });

  it('cuts before a parenthesis the limit would leave open', () => {
    expect(truncateLabel('Crypto payout (QR code)', 20)).toBe('Crypto payout…');
  });

  it('cuts at the limit where it falls between words, and leaves a short label whole', () => {
    expect(truncateLabel('Bank transfer today now', 13)).toBe('Bank transfer…');
    expect(truncateLabel('E-Wallet for players', 20)).toBe('E-Wallet for players');
  });

  it('cuts a single word longer than the limit as the text rule does', () => {
    const word = 'Superlongmethodnamewithoutspaces';
    expect(truncateLabel(word, 20)).toBe(truncateText(word, 20));
    expect(Array.from(truncateLabel(word, 20))).toHaveLength(21);
  });
});
