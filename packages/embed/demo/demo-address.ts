/**
 * What the demo host page reads from its own address: `?cashier=<widget address>` (the
 * widget_url of POST /sandbox/sessions, e.g. `http://127.0.0.1:8080/deposit?session_id=…&lang=en-brand0&theme=brand0`),
 * or `?session_id=…&widget=<widget origin>[&flow=…&lang=…]` when a backend hands over the parts.
 * A widget address without `lang` mounts the cashier without language and theme: the cashier then
 * shows the ones the player had last (SPEC §7 airPmCashierLang and local_theme), as a brand's page
 * that leaves the choice to the cashier does.
 *
 * @packageDocumentation
 */
import { httpUrl } from '../src/index';

/** The cashier the page mounts. */
export interface DemoCashier {
  /** The widget's base address (its origin). */
  readonly widgetOrigin: string;
  readonly sessionId: string;
  readonly flow: 'deposit' | 'withdrawal';
  /** Language part of SPEC §2's lang parameter, e.g. `en`. */
  readonly lang: string;
  /** Brand part of the lang parameter, e.g. `brand0`. */
  readonly brand: string;
  readonly theme: string;
  /** Mount without lang and theme: the cashier shows the player's kept ones (SPEC §7). */
  readonly usesKeptChoice: boolean;
}

const DEFAULT_BRAND = 'brand0';

function flowOf(text: string): 'deposit' | 'withdrawal' {
  // SPEC §2: deposit or withdrawal mode is decided by whether the address says deposit.
  return text.includes('withdrawal') ? 'withdrawal' : 'deposit';
}

/** Splits SPEC §2's `lang-brand` (e.g. `ar-brand0`); a bare language keeps the default brand. */
export function splitLang(value: string | null): { lang: string; brand: string } {
  const [lang = '', brand = ''] = (value ?? '').split('-');
  return { lang: lang === '' ? 'en' : lang, brand: brand === '' ? DEFAULT_BRAND : brand };
}

/** Reads the cashier to mount from the page's address, or `null` when it names none. */
export function readDemoCashier(pageAddress: string): DemoCashier | null {
  const page = new URL(pageAddress);
  const cashier = page.searchParams.get('cashier');
  if (cashier !== null) {
    const widget = httpUrl(cashier);
    const sessionId =
      widget?.searchParams.get('session_id') ?? widget?.searchParams.get('cashier_session_id');
    if (widget === null || sessionId === undefined || sessionId === null || sessionId === '') {
      return null;
    }
    const { lang, brand } = splitLang(widget.searchParams.get('lang'));
    return {
      widgetOrigin: widget.origin,
      sessionId,
      flow: flowOf(widget.pathname),
      lang,
      brand,
      theme: widget.searchParams.get('theme') ?? brand,
      usesKeptChoice: !widget.searchParams.has('lang'),
    };
  }
  const sessionId = page.searchParams.get('session_id');
  const widget = httpUrl(page.searchParams.get('widget') ?? '');
  if (sessionId === null || sessionId === '' || widget === null) return null;
  const { lang, brand } = splitLang(page.searchParams.get('lang'));
  return {
    widgetOrigin: widget.origin,
    sessionId,
    flow: flowOf(page.searchParams.get('flow') ?? 'deposit'),
    lang,
    brand,
    theme: page.searchParams.get('theme') ?? brand,
    usesKeptChoice: false,
  };
}

/**
 * The page's address for a cashier, in the `?cashier=` form, so that a reload (or a shared link)
 * opens the same session in the same language.
 */
export function demoPageAddress(pageAddress: string, cashier: DemoCashier): string {
  const page = new URL(pageAddress);
  const widget = new URL(`${cashier.widgetOrigin}/${cashier.flow}`);
  widget.searchParams.set('session_id', cashier.sessionId);
  if (!cashier.usesKeptChoice) {
    widget.searchParams.set('lang', `${cashier.lang}-${cashier.brand}`);
    widget.searchParams.set('theme', cashier.theme);
  }
  page.search = new URLSearchParams({ cashier: widget.href }).toString();
  return page.href;
}
