import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n';
import { restrictionText } from './method-summary';

const NOW = Date.parse('2030-01-10T08:00:00.000Z');

/** A method restricted for `minutes` more. */
function restrictedFor(minutes: number) {
  return { restrictedUntil: new Date(NOW + minutes * 60_000).toISOString() };
}

describe('counted minutes and seconds take the plural form of the number (SPEC §8 restriction texts)', () => {
  it.each([
    [1, 'متاح مجددًا خلال دقيقة واحدة'],
    [2, 'متاح مجددًا خلال دقيقتين'],
    [3, 'متاح مجددًا خلال 3 دقائق'],
    [10, 'متاح مجددًا خلال 10 دقائق'],
    [11, 'متاح مجددًا خلال 11 دقيقة'],
    [59, 'متاح مجددًا خلال 59 دقيقة'],
  ])('Arabic: %d minutes left reads "%s"', async (minutes, expected) => {
    const { t } = await createI18n('ar');
    expect(restrictionText(restrictedFor(minutes), NOW, t)).toBe(expected);
  });

  it.each([
    ['en', 1, 'Available again in 1 min'],
    ['en', 25, 'Available again in 25 min'],
    ['uk', 3, 'Знову доступно через 3 хв'],
  ] as const)('%s: %d minutes left reads "%s"', async (language, minutes, expected) => {
    const { t } = await createI18n(language);
    expect(restrictionText(restrictedFor(minutes), NOW, t)).toBe(expected);
  });

  it.each([
    [1, 'يمكنك طلب رمز جديد بعد ثانية واحدة.'],
    [2, 'يمكنك طلب رمز جديد بعد ثانيتين.'],
    [3, 'يمكنك طلب رمز جديد بعد 3 ثوانٍ.'],
    [10, 'يمكنك طلب رمز جديد بعد 10 ثوانٍ.'],
    [45, 'يمكنك طلب رمز جديد بعد 45 ثانية.'],
  ])('Arabic: a new code in %d seconds reads "%s"', async (seconds, expected) => {
    const { t } = await createI18n('ar');
    expect(t('DEPOSIT_METHOD.OTP.WAIT', { count: seconds })).toBe(expected);
  });
});
