/**
 * A filter's day (yyyy-mm-dd, as a date field gives it) as the instants the API's filters take:
 * the day starts at midnight in the browser's time zone, and a "to" day is inclusive on screen.
 */

/** A day (yyyy-mm-dd) as the start of that day in the browser's time zone, as an instant. */
export function startOfDay(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The day after (the "to" date is inclusive on screen, exclusive in the call). */
export function startOfNextDay(day: string): string | undefined {
  const start = startOfDay(day);
  if (start === undefined) return undefined;
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + 1);
  return date.toISOString();
}
