import { describe, expect, it } from 'vitest';
import { formatRef, formatToken, isPendingStep, parseRef, tokenBehaviour } from './provider-ref';

describe('sandbox references (restart-tolerant state)', () => {
  it('round-trips every part', () => {
    const parts = {
      flow: 'payout',
      step: 'processing',
      final: 'insufficient_funds',
      startedAt: 1_894_190_400_000,
      random: '0123456789abcdef',
    } as const;
    const ref = formatRef(parts);
    expect(ref).toBe('sbx.p.processing.insufficient_funds.o66g22o0.0123456789abcdef');
    expect(parseRef(ref)).toEqual({ ...parts, ref });
  });

  it.each([
    'sbx.x.processing.ok.abc.0123456789abcdef',
    'sbx.d.paid.ok.abc.0123456789abcdef',
    'sbx.d.processing.fine.abc.0123456789abcdef',
    'sbx.d.processing.ok.abc.0123456789ABCDEF',
    'sbx.d.processing.ok.abc.0123',
    'sbx.d.processing.ok.zzzzzzzzzzz.0123456789abcdef',
    'xsbx.d.processing.ok.abc.0123456789abcdef',
    '',
  ])('refuses %j', (ref) => {
    expect(parseRef(ref)).toBeNull();
  });

  it('tells pending steps from final ones', () => {
    expect(isPendingStep('voucher')).toBe(true);
    expect(isPendingStep('approved')).toBe(false);
    expect(isPendingStep('declined')).toBe(false);
  });
});

describe('sandbox card tokens (SPEC §3 saved card)', () => {
  it.each([
    ['approved', 'a'],
    ['challenge', 'c'],
    ['processing', 'p'],
    ['declined', 'd'],
  ] as const)(
    'carries the %s behaviour as the letter %s and reads it back',
    (behaviour, letter) => {
      const token = formatToken(behaviour, 'f'.repeat(32));
      expect(token).toBe(`sbxtok_${letter}_${'f'.repeat(32)}`);
      expect(tokenBehaviour(token)).toBe(behaviour);
    },
  );

  it.each(['sbxtok_x_' + '0'.repeat(32), 'sbxtok_a_' + '0'.repeat(31), '4111111111111111', ''])(
    'refuses %j',
    (token) => {
      expect(tokenBehaviour(token)).toBeNull();
    },
  );
});
