import { DEFAULT_LOGO_SIZE, iconRetryDecision, logoImage } from '@cashdesk/domain';
import type { Method } from '@cashdesk/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../store/hooks';
import { CardMark } from '../ui/card-mark';

/** How the logo's status is learnt after an `<img>` failed (the element does not tell it). */
export type IconStatusProbe = (uri: string) => Promise<number | null>;

/** The HTTP status of `uri`, or null when it cannot be fetched (network, another origin). */
const probeStatus: IconStatusProbe = async (uri) => {
  try {
    return (await fetch(uri, { cache: 'no-store' })).status;
  } catch {
    return null;
  }
};

/** Card brands a card method may name, as the words that name them and their mark. */
const NAMED_CARD_BRANDS: readonly (readonly [RegExp, string])[] = [
  [/\bvisa\b/i, 'visa'],
  [/\bmaster\s?card\b/i, 'mastercard'],
  [/\bmaestro\b/i, 'maestro'],
  [/\b(amex|american express)\b/i, 'american-express'],
  [/\bmir\b|\bмир\b/i, 'mir'],
  [/\bunion\s?pay\b/i, 'unionpay'],
  [/\bjcb\b/i, 'jcb'],
  [/\bdiscover\b/i, 'discover'],
];

/**
 * The marks a card method shows when the brand configured no logo (or it failed): the card brands
 * its name names, at most two ("Visa / Mastercard"), else the generic card.
 */
function cardMethodMarks(method: Pick<Method, 'displayName' | 'name'>): readonly string[] {
  const text = `${method.displayName} ${method.name}`;
  const named = NAMED_CARD_BRANDS.filter(([words]) => words.test(text)).map(([, mark]) => mark);
  return named.length === 0 ? ['generic'] : named.slice(0, 2);
}

/** `uri` asked again: the retry number in the query, so the browser does not reuse the failure. */
function retryUri(uri: string, retry: number): string {
  if (retry === 0) return uri;
  return `${uri}${uri.includes('?') ? '&' : '?'}retry=${String(retry)}`;
}

/**
 * SPEC §3 `logo` of a method; SPEC §7, §8: an icon that fails with HTTP 400 is asked again after
 * 500 ms, up to 3 times (the domain's iconRetryDecision), then, like any other failure, falls back
 * to the placeholder. An `<img>` does not expose the status of its failure, so the failed address
 * is fetched once to learn it. The placeholder of a card method is the real marks of its card
 * brands; of any other method, a neutral badge with the method name's first letter: a broken-image
 * icon tells the player nothing.
 */
export function MethodLogo({
  method,
  probe = probeStatus,
}: {
  readonly method: Method;
  readonly probe?: IconStatusProbe;
}) {
  const { t } = useTranslation();
  const [retries, setRetries] = useState(0);
  const [failed, setFailed] = useState(false);
  // SPEC §7: the logo for the page's theme and the screen's density, until that one fails; then
  // the address as configured (an operator may keep one theme's images only).
  const theme = useAppSelector((state) => state.session.theme);
  const [asConfigured, setAsConfigured] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      window.clearTimeout(timer.current);
    };
  }, []);
  const uri = method.logoUri;
  if ((uri === null || failed) && method.payMethodType === 'cards') {
    // The tile's own text names the method: the marks are pictures only, like the letter below.
    return (
      <span className="cd-dh-logo cd-dh-logo--cards" aria-hidden="true">
        {cardMethodMarks(method).map((mark) => (
          <CardMark key={mark} type={mark} name={null} />
        ))}
      </span>
    );
  }
  if (uri === null || failed) {
    const initial = Array.from(method.displayName.trim())[0]?.toUpperCase() ?? '?';
    return (
      // The letter is drawn by CSS (attr(data-initial)): as text it would join the visible text
      // of the tile's button, which then no longer matches its accessible name (WCAG 2.5.3).
      <span className="cd-dh-logo cd-dh-logo--initial" data-initial={initial} aria-hidden="true" />
    );
  }
  const themed = asConfigured ? null : logoImage(uri, theme, window.devicePixelRatio || 1);
  const image = themed?.srcSet == null ? null : themed;
  const onError = () => {
    if (image !== null) {
      setAsConfigured(true);
      return;
    }
    const current = retryUri(uri, retries);
    void probe(current).then((status) => {
      if (!mounted.current) return;
      const decision = iconRetryDecision(retries, status);
      if (decision.action === 'placeholder') {
        setFailed(true);
        return;
      }
      timer.current = window.setTimeout(() => {
        if (mounted.current) setRetries(retries + 1);
      }, decision.afterMs);
    });
  };
  return (
    <img
      className="cd-dh-logo"
      src={image?.src ?? retryUri(uri, retries)}
      srcSet={image?.srcSet ?? undefined}
      alt={t('DEPOSIT_HOME.LOGO_ALT', { name: method.displayName })}
      width={DEFAULT_LOGO_SIZE.width}
      height={DEFAULT_LOGO_SIZE.height}
      loading="lazy"
      decoding="async"
      onError={onError}
    />
  );
}
