/**
 * Test support of the reversal screens: a fetch stub answering payouts/groups/init and
 * payments/reverse-pending-withdrawal, recording the calls. Used by tests only.
 */
import { EXAMPLE_PAYOUT_INIT } from '@cashdesk/contract';
import { vi } from 'vitest';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function requestUrl(input: unknown): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  if (input instanceof Request) return input.url;
  return '';
}

/** A payout init answer with symbols before the digits (setting 4) and a pending withdrawal. */
export function payoutInit(reverse: { amount: string; currency: string } | null) {
  return {
    ...EXAMPLE_PAYOUT_INIT,
    withdrawal_reverse: reverse,
    widget_settings: { ...EXAMPLE_PAYOUT_INIT.widget_settings, currency_display_setting_id: 4 },
  };
}

/** How the stub answers the reversal: a body with a status, or a network failure. */
export type ReversalReply =
  | { readonly status: number; readonly body: unknown }
  | { readonly network: true }
  /** Held until the test calls `release()`. */
  | { readonly held: true; readonly status: number; readonly body: unknown };

export interface StubbedCashier {
  /** Paths of every call, in order. */
  readonly calls: string[];
  readonly initCalls: () => number;
  readonly reversalCalls: () => number;
  /** Answers a held reversal. */
  readonly release: () => void;
}

/**
 * Stubs fetch: init answers `inits[n]` on its n-th call (the last one afterwards), the reversal
 * answers `reply`.
 */
export function stubCashier(inits: readonly unknown[], reply: ReversalReply): StubbedCashier {
  const calls: string[] = [];
  let initCount = 0;
  let held: (() => void) | null = null;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: unknown) => {
      const url = requestUrl(input);
      calls.push(url);
      if (url.includes('/payouts/groups/init')) {
        const body = inits[Math.min(initCount, inits.length - 1)];
        initCount += 1;
        return Promise.resolve(jsonResponse(body));
      }
      if (url.includes('/payments/reverse-pending-withdrawal')) {
        if ('network' in reply) return Promise.reject(new TypeError('Failed to fetch'));
        if ('held' in reply) {
          return new Promise<Response>((resolve) => {
            held = () => {
              resolve(jsonResponse(reply.body, reply.status));
            };
          });
        }
        return Promise.resolve(jsonResponse(reply.body, reply.status));
      }
      return Promise.resolve(jsonResponse({ error_code: '404', error_message: 'unknown' }, 404));
    }),
  );
  const count = (part: string) => calls.filter((url) => url.includes(part)).length;
  return {
    calls,
    initCalls: () => count('/payouts/groups/init'),
    reversalCalls: () => count('/payments/reverse-pending-withdrawal'),
    release: () => {
      held?.();
    },
  };
}

/** The server's 1501 answer (nothing to reverse). */
export const NOTHING_TO_REVERSE = {
  status: 409,
  body: { error_code: '1501', error_message: 'CASHIER.ERROR.NOTHING_TO_REVERSE' },
} as const;
