import {
  DEFAULT_LOGO_SIZE,
  MODAL_DESKTOP_WIDTH_PX,
  MODAL_MIN_HEIGHT_PX,
  RIPPLE_MS,
  TOOLTIP_MAX_WIDTH_PX,
} from '@cashdesk/domain';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applyLayoutProperties, LAYOUT_PROPERTIES } from './layout-properties';

/** A stylesheet's text, relative to this folder. */
function css(path: string): string {
  return readFileSync(join(dirname(fileURLToPath(import.meta.url)), path), 'utf8');
}

const ACCOUNT_CSS = css('../features/account-management/account-management.css');
const CARDS_CSS = css('../features/cards/cards.css');
const HISTORY_CSS = css('../features/history/history.css');
const REVERSAL_CSS = css('../reversal/reversal.css');
const TOOLTIP_CSS = css('../fields/cvv/cvv-tooltip.css');
const METHOD_LIST_CSS = css('../method-list/method-list.css');
const METHOD_PAGE_CSS = css('../method-form/method-page.css');
const BASE_CSS = css('../themes/base.css');

/** The declarations of a rule (its first occurrence), whitespace folded. */
function rule(css: string, selector: string): string {
  const folded = css.replace(/\s+/g, ' ');
  // The rule of exactly this selector: at the start, after a rule's end or a comment's end.
  const found = new RegExp(
    `(?:^|\\} |\\*/ )${selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\{`,
  ).exec(folded);
  if (found === null) throw new Error(`no rule ${selector}`);
  const start = found.index + found[0].length;
  return folded.slice(start, folded.indexOf('}', start));
}

describe('SPEC §9 layout figures: the domain owns them, the stylesheets read them', () => {
  it('sets each figure from the domain on the document root', () => {
    const root = document.createElement('html');
    applyLayoutProperties(root);
    expect(root.style.getPropertyValue('--cd-modal-width')).toBe(
      `${String(MODAL_DESKTOP_WIDTH_PX)}px`,
    );
    expect(root.style.getPropertyValue('--cd-modal-min-height')).toBe(
      `${String(MODAL_MIN_HEIGHT_PX)}px`,
    );
    expect(root.style.getPropertyValue('--cd-tooltip-max-width')).toBe(
      `${String(TOOLTIP_MAX_WIDTH_PX)}px`,
    );
    expect(root.style.getPropertyValue('--cd-logo-width')).toBe(
      `${String(DEFAULT_LOGO_SIZE.width)}px`,
    );
    expect(root.style.getPropertyValue('--cd-logo-height')).toBe(
      `${String(DEFAULT_LOGO_SIZE.height)}px`,
    );
    expect(root.style.getPropertyValue('--cd-ripple-ms')).toBe(`${String(RIPPLE_MS)}ms`);
    // SPEC §9's figures, so a changed constant is seen here too.
    expect(LAYOUT_PROPERTIES).toEqual({
      '--cd-modal-width': '474px',
      '--cd-modal-min-height': '404px',
      '--cd-tooltip-max-width': '328px',
      '--cd-logo-width': '40px',
      '--cd-logo-height': '40px',
      '--cd-ripple-ms': '600ms',
    });
  });

  it('SPEC §9: the modal is 474 px wide on desktop; one holding a page in a frame is at least 404 px tall, any other as tall as what it holds', () => {
    const dialog = rule(BASE_CSS, '.cd-dialog');
    expect(dialog).toContain('inline-size: min(var(--cd-modal-width), 100%);');
    expect(dialog).not.toContain('min-block-size');
    expect(rule(BASE_CSS, '.cd-dialog:has(iframe)')).toContain(
      'min-block-size: min(var(--cd-modal-min-height), calc(var(--cd-visible-height, 100vh) - 32px));',
    );
  });

  it('dialogs and toasts sit in the part of the window the player sees (host/visible-area.ts)', () => {
    const dialog = rule(BASE_CSS, '.cd-dialog');
    expect(dialog).toContain(
      'inset-block: var(--cd-visible-top, 0px) var(--cd-visible-bottom, 0px);',
    );
    expect(dialog).toContain('max-block-size: calc(var(--cd-visible-height, 100vh) - 32px);');
    expect(rule(BASE_CSS, '.cd-toast')).toContain(
      'inset-block-end: calc(var(--cd-visible-bottom, 0px) + 16px);',
    );
    // Nothing else measures the window's height: in a host page's frame that is the whole frame.
    const sheets = readdirSync(join(dirname(fileURLToPath(import.meta.url)), '..'), {
      recursive: true,
      encoding: 'utf8',
    }).filter((file) => file.endsWith('.css'));
    expect(sheets.length).toBeGreaterThan(10);
    for (const sheet of sheets) {
      const text = css(`../${sheet}`).replace(/var\(--cd-visible-height, 100vh\)/g, '');
      expect(text, sheet).not.toMatch(/\d(vh|dvh|svh|lvh)\b/);
    }
  });

  it('SPEC §9: the one-column screens are as wide as the modal', () => {
    expect(rule(HISTORY_CSS, '.cd-history')).toContain('max-inline-size: var(--cd-modal-width);');
    expect(rule(CARDS_CSS, '.cd-cards')).toContain('max-inline-size: var(--cd-modal-width);');
    expect(rule(ACCOUNT_CSS, '.cd-account')).toContain('max-inline-size: var(--cd-modal-width);');
    expect(rule(REVERSAL_CSS, '.cd-reversal-page')).toContain(
      'max-inline-size: var(--cd-modal-width);',
    );
  });

  it('SPEC §2, §9: the tooltip is at most 328 px wide', () => {
    expect(rule(TOOLTIP_CSS, '.cd-tooltip')).toContain(
      'max-inline-size: min(var(--cd-tooltip-max-width), calc(100vw - 32px));',
    );
  });

  it('SPEC §9: method and brand logos take the default logo size, 40 × 40', () => {
    const logo = rule(METHOD_LIST_CSS, '.cd-dh-logo');
    expect(logo).toContain('inline-size: var(--cd-logo-width);');
    expect(logo).toContain('block-size: var(--cd-logo-height);');
    expect(rule(BASE_CSS, '.cd-brand-logo img')).toContain('block-size: var(--cd-logo-height);');
  });

  it('no stylesheet repeats a figure the domain owns', () => {
    for (const css of [
      BASE_CSS,
      HISTORY_CSS,
      CARDS_CSS,
      ACCOUNT_CSS,
      REVERSAL_CSS,
      TOOLTIP_CSS,
      METHOD_PAGE_CSS,
    ]) {
      expect(css).not.toMatch(/\b(474|404|328)px/);
    }
  });
});
