import { describe, expect, it } from 'vitest';
import {
  interactionRedirectAddress,
  parseInteractionAction,
  renderInteractionPage,
} from './interaction-page';

const RETURN_URLS = {
  threeDsReturn: '/3ds_result',
  success: 'https://cashier.example.test/deposit/deposit-success',
  fail: 'https://cashier.example.test/deposit/deposit-error',
};

describe('the sandbox interaction page (SPEC §2 alternative payments)', () => {
  it('shows merchant, method, amount and reference, with Approve focused and Decline', () => {
    const html = renderInteractionPage({
      amount: '10',
      currency: 'usd',
      merchantName: 'Brand Zero',
      payGroup: 'skrill',
      reference: 'SBX-0000000000',
      completionUrl: '/sandbox/interaction/ref-1',
      hiddenFields: { csrf: 't' },
    });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<dt>Method</dt><dd>skrill</dd>');
    expect(html).toContain('<dt>Amount</dt><dd>10 USD</dd>');
    expect(html).toContain('<dt>Reference</dt><dd>SBX-0000000000</dd>');
    expect(html).toContain('<input type="hidden" name="csrf" value="t">');
    expect(html).toContain(
      '<button type="submit" name="action" value="approve" class="primary" autofocus>Approve payment</button>',
    );
    expect(html).toContain(
      '<button type="submit" name="action" value="decline">Decline payment</button>',
    );
  });

  it('escapes a hostile merchant and method name', () => {
    const html = renderInteractionPage({
      amount: '1',
      currency: 'EUR',
      merchantName: '<script>alert(1)</script>',
      payGroup: '"><svg onload=alert(2)>',
      completionUrl: '/x',
    });
    // Only the page's own script tag: none from the hostile values.
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html).not.toMatch(/<svg/i);
    expect(html).toContain('<dd>&lt;script&gt;alert(1)&lt;/script&gt;</dd>');
    expect(html).not.toContain('<dt>Reference</dt>');
  });

  it.each([
    ['approve', 'approve'],
    ['decline', 'decline'],
    ['APPROVE', 'decline'],
    [undefined, 'decline'],
    [['approve'], 'decline'],
  ])('reads the posted action %j as %s: only an exact approve pays', (value, action) => {
    expect(parseInteractionAction(value)).toBe(action);
  });

  it.each([
    [{ status: 'approved', providerRef: 'r' }, RETURN_URLS.success],
    [{ status: 'pending', providerRef: 'r', step: 'await' }, RETURN_URLS.success],
    [{ status: 'declined', providerRef: 'r', reason: 'cancelled' }, RETURN_URLS.fail],
    [{ status: 'cancelled', providerRef: 'r' }, RETURN_URLS.fail],
    [{ status: 'unknown', providerRef: 'r' }, RETURN_URLS.fail],
  ] as const)('sends the browser on %j to the matching merchant address', (status, expected) => {
    expect(interactionRedirectAddress(RETURN_URLS, status)).toBe(expected);
  });

  it('falls back to the widget root for an unsafe return address', () => {
    expect(
      interactionRedirectAddress(
        { ...RETURN_URLS, success: 'javascript:alert(1)' },
        { status: 'approved', providerRef: 'r' },
      ),
    ).toBe('/');
  });
});
