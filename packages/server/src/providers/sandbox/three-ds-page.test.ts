import { describe, expect, it } from 'vitest';
import { escapeHtml, isSafeUrl, SANDBOX_HEIGHT_SCRIPT } from './html';
import {
  cashierThreeDsReturnUrl,
  renderThreeDsChallengePage,
  threeDsRedirectAddress,
  threeDsResultStatus,
} from './three-ds-page';

const PAGE = {
  amount: '1234.5',
  currency: 'EUR',
  merchantName: 'Brand Zero',
  cardLast4: '0507',
  completionUrl: '/sandbox/3ds/sbx.d.challenge.ok.abc.0000000000000001/complete',
} as const;

describe('the 3-D Secure challenge page (SPEC §2 /3ds_result)', () => {
  it('shows merchant, amount and card, with Pass focused and Fail, posting result to the completion URL', () => {
    const html = renderThreeDsChallengePage(PAGE);
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<title>3-D Secure check</title>');
    expect(html).toContain('<dt>Merchant</dt><dd>Brand Zero</dd>');
    expect(html).toContain('<dt>Amount</dt><dd>1 234.5 EUR</dd>');
    expect(html).toContain('<dt>Card</dt><dd>•••• 0507</dd>');
    expect(html).toContain(
      '<form method="post" action="/sandbox/3ds/sbx.d.challenge.ok.abc.0000000000000001/complete" target="_self">',
    );
    expect(html).toContain('<legend>Authentication result</legend>');
    expect(html).toContain(
      '<button type="submit" name="result" value="pass" class="primary" autofocus>Pass</button>',
    );
    expect(html).toContain('<button type="submit" name="result" value="fail">Fail</button>');
  });

  it('has no external assets and no frame-busting; its one script only tells a parent its height', () => {
    const html = renderThreeDsChallengePage(PAGE);
    expect(html).not.toMatch(/<link|<img|<iframe|src=|https?:\/\//i);
    expect(html).not.toContain('top.location');
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html).toContain(`<script>${SANDBOX_HEIGHT_SCRIPT}</script>`);
    expect(SANDBOX_HEIGHT_SCRIPT).not.toMatch(
      /location|cookie|storage|fetch|document\.(body|forms)/i,
    );
  });

  it('escapes hostile input everywhere it is shown', () => {
    const html = renderThreeDsChallengePage({
      amount: '<b>1</b>',
      currency: '"><script>alert(2)</script>',
      merchantName: '<script>alert("x")</script>&co',
      cardLast4: "'><img src=x onerror=alert(3)>",
      completionUrl: '/complete?x="><script>alert(4)</script>',
      hiddenFields: { 'csrf"><script>': '"><script>alert(5)</script>' },
      nonce: '"><script>alert(6)</script>',
    });
    // Only the page's own script tag: none from the hostile values.
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html).not.toMatch(/<img|<b>/i);
    expect(html).toContain('<dd>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;co</dd>');
    expect(html).toContain('<dd>•••• &#39;&gt;&lt;img src=x onerror=alert(3)&gt;</dd>');
    expect(html).toContain('action="/complete?x=&quot;&gt;&lt;script&gt;alert(4)&lt;/script&gt;"');
    expect(html).toContain(
      '<input type="hidden" name="csrf&quot;&gt;&lt;script&gt;" value="&quot;&gt;&lt;script&gt;alert(5)&lt;/script&gt;">',
    );
    expect(html).toContain('<style nonce="&quot;&gt;&lt;script&gt;alert(6)&lt;/script&gt;">');
    // An amount that is no number is shown as given, escaped.
    expect(html).toContain(
      '<dd>&lt;b&gt;1&lt;/b&gt; &quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;</dd>',
    );
  });

  it('leaves the card row out when the card is unknown (after a restart)', () => {
    const withoutCard = {
      amount: PAGE.amount,
      currency: PAGE.currency,
      merchantName: PAGE.merchantName,
      completionUrl: PAGE.completionUrl,
    };
    expect(renderThreeDsChallengePage(withoutCard)).not.toContain('<dt>Card</dt>');
  });

  it.each(['javascript:alert(1)', '//evil.example/complete', 'data:text/html,x', ' /x', ''])(
    'refuses the completion URL %j',
    (completionUrl) => {
      expect(() => renderThreeDsChallengePage({ ...PAGE, completionUrl })).toThrow(RangeError);
    },
  );
});

describe('the 3DS result addresses (SPEC §2 /3ds_result, /payments/3ds_result/{provider})', () => {
  it('builds the card checkout return address with transaction and session ids', () => {
    expect(
      cashierThreeDsReturnUrl({
        widgetUrl: 'https://cashier.example.test/',
        transactionId: 'tx 1&2',
        sessionId: 's-1',
      }),
    ).toBe('https://cashier.example.test/3ds_result?transaction_id=tx+1%262&session_id=s-1');
  });

  it('builds the alternative payment return address under the provider', () => {
    expect(
      cashierThreeDsReturnUrl({ widgetUrl: '', transactionId: 'tx-1', provider: 'sand box' }),
    ).toBe('/payments/3ds_result/sand%20box?transaction_id=tx-1');
  });

  it.each([
    [
      'https://cashier.example.test/3ds_result?transaction_id=tx-1&session_id=s-1',
      { outcome: 'approved', providerRef: 'r' },
      'https://cashier.example.test/3ds_result?transaction_id=tx-1&session_id=s-1&status=success',
    ],
    [
      '/payments/3ds_result/sandbox?session_id=s-1#top',
      { outcome: 'declined', providerRef: 'r', reason: 'authentication_failed' },
      '/payments/3ds_result/sandbox?session_id=s-1&transaction_id=tx-1&status=error#top',
    ],
    [
      'javascript:alert(1)',
      { outcome: 'approved', providerRef: 'r' },
      '/3ds_result?transaction_id=tx-1&status=success',
    ],
    [
      '//evil.example/3ds_result',
      { outcome: 'declined', providerRef: 'r', reason: 'expired' },
      '/3ds_result?transaction_id=tx-1&status=error',
    ],
  ] as const)(
    'sends the browser from %s to the result address',
    (threeDsReturn, outcome, expected) => {
      expect(threeDsRedirectAddress({ threeDsReturn, transactionId: 'tx-1', outcome })).toBe(
        expected,
      );
    },
  );

  it('maps approved to success and declined to error (SPEC §2 result statuses)', () => {
    expect(threeDsResultStatus({ outcome: 'approved', providerRef: 'r' })).toBe('success');
    expect(threeDsResultStatus({ outcome: 'declined', reason: 'declined' })).toBe('error');
  });
});

describe('HTML helpers', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it.each([
    ['/3ds_result', true],
    ['https://cashier.example.test/x', true],
    ['HTTP://cashier.example.test', true],
    ['http:/x', false],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['/x\ny', false],
    ['javascript:alert(1)', false],
    ['vbscript:x', false],
    ['', false],
  ])('isSafeUrl(%j) is %s', (url, safe) => {
    expect(isSafeUrl(url)).toBe(safe);
  });
});
