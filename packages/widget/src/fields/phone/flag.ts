/**
 * A country's name in the current language (Intl.DisplayNames), else the table's English name.
 */
export function countryName(iso: string, language: string, fallback: string): string {
  try {
    return (
      new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(iso) ?? fallback
    );
  } catch {
    return fallback;
  }
}
