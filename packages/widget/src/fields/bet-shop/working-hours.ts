import type { WorkingHours } from '@cashdesk/contract';

/** The short weekday name of an ISO weekday (1 Monday … 7 Sunday) in `language`. */
function weekdayName(day: number, language: string): string {
  // 1 January 2024 was a Monday, so day n is 2024-01-n.
  return new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );
}

/**
 * SPEC §2 bet-shop picker "working hours": a shop's weekly hours as one line in the current
 * language, consecutive days with the same hours merged ("Mon–Fri 09:00–18:00, Sat
 * 10:00–14:00"), the days listed as the language lists them (Intl.ListFormat: Arabic's comma
 * "،" and "و", Ukrainian's "і"). Days without slots are left out; no slots at all gives ''.
 */
export function formatWorkingHours(hours: readonly WorkingHours[], language: string): string {
  const byDay = new Map<number, string>();
  for (const slot of [...hours].sort((a, b) => a.day - b.day || a.opens.localeCompare(b.opens))) {
    const text = `${slot.opens}–${slot.closes}`;
    const previous = byDay.get(slot.day);
    // Two openings of one day read as one ("10:00–14:00 / 15:00–20:00"), days as a list.
    byDay.set(slot.day, previous === undefined ? text : `${previous} / ${text}`);
  }
  const runs: { from: number; to: number; text: string }[] = [];
  for (const [day, text] of byDay) {
    const last = runs.at(-1);
    if (last !== undefined && last.to === day - 1 && last.text === text) last.to = day;
    else runs.push({ from: day, to: day, text });
  }
  return new Intl.ListFormat(language, { style: 'short', type: 'unit' }).format(
    runs.map(({ from, to, text }) => {
      const days =
        from === to
          ? weekdayName(from, language)
          : `${weekdayName(from, language)}–${weekdayName(to, language)}`;
      return `${days} ${text}`;
    }),
  );
}
