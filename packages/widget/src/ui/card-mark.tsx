import { lazy, Suspense } from 'react';
import type { ComponentType, LazyExoticComponent, SVGProps } from 'react';
import './card-mark.css';

type Mark = ComponentType<SVGProps<SVGSVGElement>>;
type MarkModule = Promise<{ default: Mark }>;

/**
 * The card-brand marks, one per brand the domain's card detection knows (SPEC §5 card types, domain
 * CARD_TYPE), drawn by the maintained MIT package react-svg-credit-card-payment-icons in its "flat
 * rounded" style. Each brand is its own lazy chunk (1 to 8 KB compressed), fetched the first time
 * that brand is shown, so the marks weigh nothing on the first paint and a Visa card never
 * downloads the others. A Visa-like number shows Visa; a local card, Hiper (which the package only
 * ships with all its icons) and an unknown brand show the package's generic card.
 */
const LOADERS: Readonly<Record<string, () => MarkModule>> = {
  visa: () =>
    import('react-svg-credit-card-payment-icons/visa').then((m) => ({
      default: m.VisaFlatRoundedIcon,
    })),
  mastercard: () =>
    import('react-svg-credit-card-payment-icons/mastercard').then((m) => ({
      default: m.MastercardFlatRoundedIcon,
    })),
  maestro: () =>
    import('react-svg-credit-card-payment-icons/maestro').then((m) => ({
      default: m.MaestroFlatRoundedIcon,
    })),
  'american-express': () =>
    import('react-svg-credit-card-payment-icons/americanexpress').then((m) => ({
      default: m.AmericanExpressFlatRoundedIcon,
    })),
  'diners-club': () =>
    import('react-svg-credit-card-payment-icons/dinersclub').then((m) => ({
      default: m.DinersClubFlatRoundedIcon,
    })),
  discover: () =>
    import('react-svg-credit-card-payment-icons/discover').then((m) => ({
      default: m.DiscoverFlatRoundedIcon,
    })),
  jcb: () =>
    import('react-svg-credit-card-payment-icons/jcb').then((m) => ({
      default: m.JCBFlatRoundedIcon,
    })),
  unionpay: () =>
    import('react-svg-credit-card-payment-icons/unionpay').then((m) => ({
      default: m.UnionPayFlatRoundedIcon,
    })),
  elo: () =>
    import('react-svg-credit-card-payment-icons/elo').then((m) => ({
      default: m.EloFlatRoundedIcon,
    })),
  mir: () =>
    import('react-svg-credit-card-payment-icons/mir').then((m) => ({
      default: m.MirFlatRoundedIcon,
    })),
  hipercard: () =>
    import('react-svg-credit-card-payment-icons/hipercard').then((m) => ({
      default: m.HipercardFlatRoundedIcon,
    })),
  generic: () =>
    import('react-svg-credit-card-payment-icons/generic').then((m) => ({
      default: m.GenericFlatRoundedIcon,
    })),
};

/** Each mark as a lazy component, made once: nothing loads until a mark is shown. */
const MARKS: Readonly<Record<string, LazyExoticComponent<Mark>>> = Object.fromEntries(
  Object.entries(LOADERS).map(([mark, load]) => [mark, lazy(load)]),
);

/** The drawn mark of a card type: a Visa-like number is a Visa, an unknown brand is generic. */
function markOf(type: string): string {
  if (type === 'visa-like') return 'visa';
  return Object.hasOwn(MARKS, type) ? type : 'generic';
}

/**
 * SPEC §2 card number field and §3 saved cards: a card brand's real mark, an SVG image named by the
 * brand, in place of a text badge. Until its chunk has arrived the same box, with the same
 * accessible name, holds the place, so nothing moves when the picture comes.
 * Without a name the mark is decorative (hidden from assistive technology): a method tile names
 * its method in its own text.
 */
export function CardMark({ type, name }: { readonly type: string; readonly name: string | null }) {
  const mark = markOf(type);
  const Svg = MARKS[mark];
  const naming =
    name === null
      ? ({ 'aria-hidden': true } as const)
      : ({ role: 'img', 'aria-label': name } as const);
  const placeholder = <span className="cd-card-mark" {...naming} />;
  if (Svg === undefined) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Svg
        className="cd-card-mark"
        {...naming}
        width={40}
        height={26}
        focusable="false"
        data-mark={mark}
      />
    </Suspense>
  );
}
