import './card-brand-icon.css';

/** Badge colours of the brands the product knows (SPEC §5 card types); others are neutral. */
const BRAND_CLASS: Readonly<Record<string, string>> = {
  visa: 'cd-card-brand--visa',
  'visa-like': 'cd-card-brand--visa',
  mastercard: 'cd-card-brand--mastercard',
  maestro: 'cd-card-brand--mastercard',
  'american-express': 'cd-card-brand--amex',
  mir: 'cd-card-brand--mir',
};

/** Short text drawn in the badge: the brand's initials, so no image request is needed. */
function initials(name: string): string {
  const words = name.split(/[\s-]+/).filter((word) => word !== '');
  if (words.length > 1)
    return words
      .map((word) => word.charAt(0))
      .join('')
      .slice(0, 4)
      .toUpperCase();
  return name.slice(0, 4).toUpperCase();
}

/**
 * SPEC §2 card number field: the detected brand as an image whose alt text is the brand name
 * (an inline SVG with role img, so it needs no asset and takes the theme's colours).
 */
export function CardBrandIcon({ type, name }: { readonly type: string; readonly name: string }) {
  return (
    <svg
      className={`cd-card-brand ${BRAND_CLASS[type] ?? ''}`}
      role="img"
      aria-label={name}
      width={40}
      height={26}
      viewBox="0 0 40 26"
      focusable="false"
    >
      <title>{name}</title>
      <rect x="0.5" y="0.5" width="39" height="25" rx="4" />
      <text x="20" y="17" textAnchor="middle">
        {initials(name)}
      </text>
    </svg>
  );
}
