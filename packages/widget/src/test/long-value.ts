/**
 * Finds a long value as ui/long-value.tsx shows it (its groups in separate elements, joined by
 * spaces or line-break opportunities), by its characters: what the player reads, spaces aside.
 */
export function getLongValue(container: ParentNode, value: string): HTMLElement {
  const wanted = value.replace(/\s+/g, '');
  const found = Array.from(container.querySelectorAll<HTMLElement>('.cd-long-value')).filter(
    (element) => element.textContent.replace(/\s+/g, '') === wanted,
  );
  const [only] = found;
  if (only === undefined || found.length > 1) {
    throw new Error(`${String(found.length)} long values show ${value}`);
  }
  return only;
}
