/**
 * Contrast (WCAG 1.4.3 text contrast, 1.4.11 non-text contrast), measured from the computed
 * styles of the real widget in Chromium, in both built-in themes and in Arabic (axe-core does not
 * judge borders, and missed brand1's links): on the card form, the input's and the tiles'
 * borders stand out 3:1 from the surface they sit on, the placeholder and the method's info link
 * read 4.5:1.
 */
import { describe, expect, it } from 'vitest';
import type { Frame } from 'playwright-core';
import { useStackAndBrowser } from './support';
import { closeHosted, openHostedCashier } from './support/cashier';
import { screenshot } from './support/browser';
import { METHODS, cardFields, methodTile, waitForHome } from './support/journeys';

const env = useStackAndBrowser();

/** WCAG relative luminance of a computed `rgb(…)`/`rgba(…)` colour (alpha ignored: opaque). */
function luminance(color: string): number {
  const parts = /rgba?\(([^)]+)\)/.exec(color)?.[1]?.split(',') ?? [];
  const [r = 0, g = 0, b = 0] = parts.slice(0, 3).map((part) => Number(part.trim()) / 255);
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** The computed colours of the first element matching `selector` and of the surface under it. */
async function colours(
  frame: Frame,
  selector: string,
  property: 'borderTopColor' | 'color' | 'placeholder',
): Promise<{ readonly fore: string; readonly back: string }> {
  return frame.evaluate(
    ({ selector: query, property: which }) => {
      const element = document.querySelector(query);
      if (element === null) throw new Error(`nothing matches ${query}`);
      const style = getComputedStyle(element);
      const fore =
        which === 'placeholder'
          ? getComputedStyle(element, '::placeholder').color
          : which === 'color'
            ? style.color
            : style.borderTopColor;
      // The first ancestor (or the element) with an opaque background is what the colour sits on.
      let node: Element | null = which === 'borderTopColor' ? element.parentElement : element;
      let back = 'rgb(255, 255, 255)';
      while (node !== null) {
        const background = getComputedStyle(node).backgroundColor;
        if (background !== 'rgba(0, 0, 0, 0)' && background !== 'transparent') {
          back = background;
          break;
        }
        node = node.parentElement;
      }
      return { fore, back };
    },
    { selector, property },
  );
}

describe('contrast of controls, placeholders and links (WCAG 1.4.3, 1.4.11)', () => {
  for (const theme of ['brand0', 'brand1'] as const) {
    for (const lang of ['en', 'ar'] as const) {
      it(`${theme}, ${lang}: borders 3:1, placeholder and link 4.5:1`, async () => {
        const hosted = await openHostedCashier(env.browser, env.stack, { theme, lang });
        const { page, frame } = hosted;
        await waitForHome(frame, lang);
        const tile = await colours(frame, '.cd-dh-tile', 'borderTopColor');
        expect(contrast(tile.fore, tile.back)).toBeGreaterThanOrEqual(3);
        await methodTile(frame, METHODS.card, lang).click();
        await cardFields(frame, lang).number.waitFor();
        const input = await colours(frame, '.cd-input', 'borderTopColor');
        expect(contrast(input.fore, input.back)).toBeGreaterThanOrEqual(3);
        const placeholder = await colours(frame, 'input[placeholder]', 'placeholder');
        expect(contrast(placeholder.fore, placeholder.back)).toBeGreaterThanOrEqual(4.5);
        const link = await colours(frame, 'main a:not(.cd-button)', 'color');
        expect(contrast(link.fore, link.back)).toBeGreaterThanOrEqual(4.5);
        await screenshot(page, `contrast-${theme}-${lang}`);
        await closeHosted(hosted);
      });
    }
  }
});
