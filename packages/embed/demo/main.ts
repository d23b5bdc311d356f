/**
 * The demo host page: a brand's page embedding the cashier with `mountCashier`, on another origin
 * than the cashier. It logs every message the cashier sends (SPEC §1, plus ready, resize, result
 * and finish), lets the iframe follow the cashier's height (autoHeight), shows the player's
 * balance in its header and reads it again on each result, closes the cashier and shows its game
 * view when the player finishes ("Back to the game"), switches the language (SPEC §2
 * lang=<lang>-<brand>), mints new sessions through its backend, opens the cashier in a new tab
 * (cashierInNewTab; the balance is read again when the player comes back) and, in sandbox mode,
 * shows the latest one-time code of the session (the sandbox sends no SMS or e-mail).
 *
 * Its backend (scripts/host-page-server.ts) answers the /demo-api/ calls.
 *
 * @packageDocumentation
 */
import { mountCashier } from '../src/index';
import type { Cashier, CashierEvent, CashierTab } from '../src/index';
import { demoPageAddress, readDemoCashier } from './demo-address';
import type { DemoCashier } from './demo-address';
import { showLanguageFlags } from './language-flags';

/** The demo page's backend (scripts/host-page-server.ts). */
const DEMO_API = {
  config: '/demo-api/config',
  sessions: '/demo-api/sessions',
  otp: '/demo-api/otp',
  balance: '/demo-api/balance',
} as const;

/** Older entries are dropped so a long session does not grow the page without end. */
const MAX_LOG_ENTRIES = 100;

/** How often the one-time code panel asks again while the page is visible. */
const OTP_POLL_MS = 5_000;

const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  en: 'English',
  ar: 'Arabic',
  uk: 'Ukrainian',
};

interface DemoConfig {
  readonly cashierUrl: string | null;
  readonly sandbox: boolean;
}

interface State {
  cashier: DemoCashier | null;
  mounted: Cashier | null;
  tab: CashierTab | null;
  currency: string;
  config: DemoConfig;
}

function element<T extends HTMLElement>(id: string, type: new () => T): T {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`demo page: #${id} is missing`);
  return found;
}

const ui = {
  summary: element('cashier-summary', HTMLParagraphElement),
  notice: element('cashier-notice', HTMLParagraphElement),
  sessionForm: element('session-form', HTMLFormElement),
  flow: element('flow', HTMLSelectElement),
  currency: element('currency', HTMLSelectElement),
  newSession: element('new-session', HTMLButtonElement),
  sessionStatus: element('session-status', HTMLParagraphElement),
  languages: element('languages', HTMLDivElement),
  otpPanel: element('otp-panel', HTMLElement),
  otpBody: element('otp-body', HTMLDivElement),
  otpRefresh: element('otp-refresh', HTMLButtonElement),
  log: element('event-log', HTMLOListElement),
  logEmpty: element('event-log-empty', HTMLParagraphElement),
  clearLog: element('clear-log', HTMLButtonElement),
  balance: element('header-balance-value', HTMLSpanElement),
  openTab: element('open-tab', HTMLButtonElement),
  frame: element('cashier', HTMLDivElement),
  gameView: element('game-view', HTMLElement),
  gameHeading: element('game-heading', HTMLHeadingElement),
  gameSummary: element('game-summary', HTMLParagraphElement),
  openCashier: element('open-cashier', HTMLButtonElement),
};

const OUTCOME_TEXTS: Readonly<Record<string, string>> = {
  success: 'Your payment went through. Good luck!',
  fail: 'Your payment did not go through. You can try again from the cashier.',
  processing: 'Your payment is still being processed; the balance updates when it settles.',
};

const state: State = {
  cashier: null,
  mounted: null,
  tab: null,
  currency: 'EUR',
  config: { cashierUrl: null, sandbox: false },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

async function loadConfig(): Promise<DemoConfig> {
  try {
    const response = await fetch(DEMO_API.config);
    const body: unknown = await response.json();
    if (!response.ok || !isRecord(body)) return state.config;
    return { cashierUrl: text(body.cashierUrl) ?? null, sandbox: body.sandbox === true };
  } catch {
    // Served without its backend (e.g. from a static host): the page still mounts ?cashier=.
    return state.config;
  }
}

function timeText(date: Date): string {
  return date.toLocaleTimeString('en-GB', { hour12: false });
}

/** One line of the event log: time, message type, details. */
function logEntry(type: string, detail: string): void {
  const item = document.createElement('li');
  item.className = 'event-log__item';
  const now = new Date();
  const time = document.createElement('time');
  time.dateTime = now.toISOString();
  time.textContent = timeText(now);
  const name = document.createElement('span');
  name.className = `event-log__type event-log__type--${type.replace(/[^a-z-]/gi, '')}`;
  name.textContent = type;
  item.append(time, ' ', name);
  if (detail !== '') {
    const info = document.createElement('span');
    info.className = 'event-log__detail';
    info.textContent = detail;
    item.append(' ', info);
  }
  ui.log.prepend(item);
  while (ui.log.children.length > MAX_LOG_ENTRIES) ui.log.lastElementChild?.remove();
  ui.logEmpty.hidden = true;
}

function showNotice(message: string): void {
  ui.notice.textContent = message;
  ui.notice.hidden = message === '';
}

function describe(cashier: DemoCashier): string {
  const flow = cashier.flow === 'deposit' ? 'Deposit' : 'Withdrawal';
  if (cashier.usesKeptChoice)
    return `${flow} · ${state.currency} · the player's language and theme`;
  const language = LANGUAGE_NAMES[cashier.lang] ?? cashier.lang;
  return `${flow} · ${state.currency} · ${language} · theme ${cashier.theme}`;
}

let balanceRequest = 0;

/**
 * The header balance, from the demo backend (GET /sandbox/balance of the session's player), shown
 * as the decimal string it is: a brand's page reads its own wallet the same way.
 */
async function refreshBalance(): Promise<void> {
  const sessionId = state.cashier?.sessionId;
  if (sessionId === undefined) return;
  // Only the latest answer is shown: an earlier one may arrive after it.
  const request = ++balanceRequest;
  try {
    const response = await fetch(DEMO_API.balance, { headers: { 'x-session-id': sessionId } });
    const body: unknown = await response.json().catch(() => null);
    const balance = isRecord(body) ? text(body.balance) : undefined;
    const currency = isRecord(body) ? text(body.currency) : undefined;
    if (request !== balanceRequest || !response.ok || balance === undefined) return;
    ui.balance.textContent = `${balance} ${currency ?? ''}`.trim();
  } catch {
    // The header keeps the last balance it knew.
  }
}

/** SPEC §1: every message of the cashier is logged; navigation ones are shown, not followed. */
function onCashierEvent(event: CashierEvent): void {
  switch (event.type) {
    case 'load':
      logEntry('load', 'the cashier frame loaded a page');
      break;
    case 'ready':
      logEntry('ready', 'the cashier rendered its first screen');
      break;
    case 'resize':
      // The SDK sets the frame's height (autoHeight); the log shows the content height.
      logEntry('resize', `${String(event.height)} px`);
      break;
    case 'result': {
      const money = event.amount === null ? '' : ` ${event.amount} ${event.currency ?? ''}`;
      logEntry('result', `${event.flow} ${event.status}${money}`.trim());
      void refreshBalance();
      break;
    }
    case 'finish':
      // A brand's page: the player is done with the cashier, so the cashier closes and the game
      // shows. Left to the SDK, the brand's merchant address would open in the whole window.
      event.preventDefault();
      logEntry('finish', `${event.outcome}${event.url === null ? '' : ` ${event.url}`}`);
      closeCashier(event.outcome);
      break;
    case 'reInitCashier':
      logEntry('reInitCashier', 'the cashier asks for a new session');
      void renewSession();
      break;
    case 'redirectTo':
      // The demo stays on screen: a brand's page would now open this address in the top window.
      event.preventDefault();
      logEntry('redirectTo', event.url);
      showNotice(`The cashier asked to open ${event.url}`);
      break;
    case 'redirect':
      // The demo has no /my-account page; a brand's site would go there.
      event.preventDefault();
      logEntry('redirect', event.path);
      showNotice(`The cashier asked the site to open ${event.path}`);
      break;
    case 'reset-scroll':
      logEntry('reset-scroll', 'the cashier scrolled to its top');
      break;
  }
}

/**
 * The player left the cashier: the frame goes and the game view shows, with the focus on its
 * heading. The session is not used again: "Open the cashier" mints a new one.
 */
function closeCashier(outcome: string): void {
  state.mounted?.destroy();
  state.mounted = null;
  ui.frame.hidden = true;
  ui.gameView.hidden = false;
  ui.gameSummary.textContent = OUTCOME_TEXTS[outcome] ?? '';
  ui.summary.textContent = 'The cashier is closed.';
  showNotice('');
  ui.gameHeading.focus();
  void refreshBalance();
}

function mount(cashier: DemoCashier): void {
  state.mounted?.destroy();
  state.cashier = cashier;
  ui.frame.hidden = false;
  ui.gameView.hidden = true;
  showNotice('');
  state.mounted = mountCashier({
    container: '#cashier',
    url: cashier.widgetOrigin,
    sessionId: cashier.sessionId,
    flow: cashier.flow,
    ...(cashier.usesKeptChoice
      ? {}
      : { lang: cashier.lang, brand: cashier.brand, theme: cashier.theme }),
    title: 'Cashier',
    onEvent: onCashierEvent,
  });
  ui.summary.textContent = describe(cashier);
  ui.flow.value = cashier.flow;
  markLanguage(cashier.usesKeptChoice ? '' : cashier.lang);
  // A reload keeps the session and language; the session id is in this demo's address on purpose.
  history.replaceState(null, '', demoPageAddress(location.href, cashier));
  void refreshOtp();
  void refreshBalance();
}

/**
 * The same session in a new tab (cashierInNewTab). No message of the tab reaches this page, so the
 * balance is read again when the player comes back (the return event).
 */
function openInNewTab(): void {
  const current = state.cashier;
  if (current === null) return;
  state.tab?.destroy();
  state.tab = mountCashier({
    cashierInNewTab: true,
    url: current.widgetOrigin,
    sessionId: current.sessionId,
    flow: current.flow,
    ...(current.usesKeptChoice
      ? {}
      : { lang: current.lang, brand: current.brand, theme: current.theme }),
    onEvent: () => {
      logEntry('return', 'back from the cashier tab');
      void refreshBalance();
    },
  });
  if (state.tab.opened) {
    logEntry('open', 'the cashier opened in a new tab');
  } else {
    showNotice('The browser blocked the new tab.');
  }
}

interface MintedSession {
  readonly sessionId: string;
  readonly widgetUrl: string;
}

async function mintSession(flow: string, currency: string, lang: string): Promise<MintedSession> {
  const response = await fetch(DEMO_API.sessions, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ flow, currency, lang }),
  });
  const body: unknown = await response.json().catch(() => null);
  const sessionId = isRecord(body) ? text(body.session_id) : undefined;
  const widgetUrl = isRecord(body) ? text(body.widget_url) : undefined;
  if (!response.ok || sessionId === undefined || widgetUrl === undefined) {
    const reason = isRecord(body) ? (text(body.error_message) ?? '') : '';
    throw new Error(`the server refused (${response.status}${reason === '' ? '' : `: ${reason}`})`);
  }
  return { sessionId, widgetUrl };
}

function setStatus(message: string): void {
  ui.sessionStatus.textContent = message;
}

/** The "New session" form: a fresh session in the chosen flow and currency, in a fresh frame. */
async function newSession(): Promise<void> {
  const flow = ui.flow.value;
  const currency = ui.currency.value;
  const lang = state.cashier?.lang ?? 'en';
  ui.newSession.disabled = true;
  setStatus('Creating a session…');
  try {
    const minted = await mintSession(flow, currency, lang);
    const cashier = readDemoCashier(
      `${location.origin}/?${new URLSearchParams({ cashier: minted.widgetUrl }).toString()}`,
    );
    if (cashier === null) throw new Error('the server answered an unexpected widget address');
    state.currency = currency;
    mount(cashier);
    setStatus(`New ${flow} session in ${currency} for the player demo.`);
  } catch (error) {
    setStatus(
      `Could not create a session: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    ui.newSession.disabled = false;
  }
}

/** SPEC §1, §4 reInitCashier: mint a session and hand it to the same frame with setSession. */
async function renewSession(): Promise<void> {
  const current = state.cashier;
  const mounted = state.mounted;
  if (current === null || mounted === null) return;
  try {
    const minted = await mintSession(current.flow, state.currency, current.lang);
    mounted.setSession(minted.sessionId);
    state.cashier = { ...current, sessionId: minted.sessionId };
    history.replaceState(null, '', demoPageAddress(location.href, state.cashier));
    logEntry('setSession', 'sent a new session to the cashier');
    void refreshBalance();
  } catch (error) {
    setStatus(
      `Could not renew the session: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function markLanguage(lang: string): void {
  for (const button of ui.languages.querySelectorAll<HTMLButtonElement>('[data-lang]')) {
    button.setAttribute('aria-pressed', String(button.dataset.lang === lang));
  }
}

function switchLanguage(lang: string): void {
  const current = state.cashier;
  if (current === null || (current.lang === lang && !current.usesKeptChoice)) return;
  // A closed cashier opens in the new language next time.
  if (state.mounted === null) {
    state.cashier = { ...current, lang, usesKeptChoice: false };
    markLanguage(lang);
  } else {
    mount({ ...current, lang, usesKeptChoice: false });
  }
  setStatus(`Cashier language: ${LANGUAGE_NAMES[lang] ?? lang}.`);
}

function otpRow(term: string, value: string, className = ''): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const dt = document.createElement('dt');
  dt.textContent = term;
  const dd = document.createElement('dd');
  dd.textContent = value;
  if (className !== '') dd.className = className;
  fragment.append(dt, dd);
  return fragment;
}

let lastOtp = '';

/** Shows GET /sandbox/otp/latest of the current session (through the backend). */
async function refreshOtp(): Promise<void> {
  const sessionId = state.cashier?.sessionId;
  if (!state.config.sandbox || sessionId === undefined) return;
  let body: unknown;
  let status: number;
  try {
    const response = await fetch(DEMO_API.otp, { headers: { 'x-session-id': sessionId } });
    status = response.status;
    body = await response.json().catch(() => null);
  } catch {
    return;
  }
  const code = isRecord(body) ? text(body.otp) : undefined;
  const key = status === 200 && code !== undefined ? `${sessionId}:${code}` : `${sessionId}:none`;
  // Re-render only on change, so the live region announces a new code once.
  if (key === lastOtp) return;
  lastOtp = key;
  if (status !== 200 || code === undefined || !isRecord(body)) {
    const paragraph = document.createElement('p');
    paragraph.className = 'muted';
    paragraph.textContent = 'No code sent in this session yet.';
    ui.otpBody.replaceChildren(paragraph);
    return;
  }
  const list = document.createElement('dl');
  list.className = 'otp';
  list.append(otpRow('Code', code, 'otp__code'));
  const contact = text(body.masked_contact);
  const contactType = text(body.contact_type);
  if (contact !== undefined) {
    list.append(
      otpRow('Sent to', `${contact}${contactType === undefined ? '' : ` (${contactType})`}`),
    );
  }
  const expires = text(body.expires_at);
  if (expires !== undefined) list.append(otpRow('Expires', timeText(new Date(expires))));
  ui.otpBody.replaceChildren(list);
}

function wire(): void {
  showLanguageFlags(ui.languages.querySelectorAll<HTMLButtonElement>('[data-lang]'));
  ui.sessionForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void newSession();
  });
  ui.languages.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('[data-lang]') : null;
    if (target instanceof HTMLButtonElement && target.dataset.lang !== undefined) {
      switchLanguage(target.dataset.lang);
    }
  });
  ui.otpRefresh.addEventListener('click', () => {
    lastOtp = '';
    void refreshOtp();
  });
  ui.openTab.addEventListener('click', openInNewTab);
  ui.openCashier.addEventListener('click', () => {
    ui.openCashier.disabled = true;
    void newSession().then(() => {
      ui.openCashier.disabled = false;
      // The game view is gone: the focus goes to the cashier's heading, not to the page's body.
      if (state.mounted !== null) element('cashier-heading', HTMLHeadingElement).focus();
    });
  });
  ui.clearLog.addEventListener('click', () => {
    ui.log.replaceChildren();
    ui.logEmpty.hidden = false;
  });
  setInterval(() => {
    if (document.visibilityState === 'visible') void refreshOtp();
  }, OTP_POLL_MS);
}

async function start(): Promise<void> {
  wire();
  state.config = await loadConfig();
  ui.otpPanel.hidden = !state.config.sandbox;
  const cashier = readDemoCashier(location.href);
  if (cashier !== null) {
    mount(cashier);
    return;
  }
  if (state.config.cashierUrl === null) {
    ui.summary.textContent =
      'Open this page with ?cashier=<widget address> (the widget_url of a session).';
    return;
  }
  // No session in the address: mint one, as a brand's page does when the player opens it.
  await newSession();
}

void start();
