import { iconRetryDecision } from '@cashdesk/domain';
import type { Method } from '@cashdesk/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

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

/** `uri` asked again: the retry number in the query, so the browser does not reuse the failure. */
function retryUri(uri: string, retry: number): string {
  if (retry === 0) return uri;
  return `${uri}${uri.includes('?') ? '&' : '?'}retry=${String(retry)}`;
}

/**
 * SPEC §3 `logo` of a method; SPEC §7, §8: an icon that fails with HTTP 400 is asked again after
 * 500 ms, up to 3 times (the domain's iconRetryDecision), then, like any other failure, falls back
 * to the placeholder. An `<img>` does not expose the status of its failure, so the failed address
 * is fetched once to learn it. The placeholder is a neutral badge with the method name's first
 * letter: a broken-image icon tells the player nothing.
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
  if (uri === null || failed) {
    const initial = Array.from(method.displayName.trim())[0]?.toUpperCase() ?? '?';
    return (
      // The letter is drawn by CSS (attr(data-initial)): as text it would join the visible text
      // of the tile's button, which then no longer matches its accessible name (WCAG 2.5.3).
      <span className="cd-dh-logo cd-dh-logo--initial" data-initial={initial} aria-hidden="true" />
    );
  }
  const onError = () => {
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
      src={retryUri(uri, retries)}
      alt={t('DEPOSIT_HOME.LOGO_ALT', { name: method.displayName })}
      width={40}
      height={40}
      loading="lazy"
      decoding="async"
      onError={onError}
    />
  );
}
