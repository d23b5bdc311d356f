import type { PayGroup } from '@cashdesk/contract';
import { NATIVE_PAY_METHOD_IDS, walletsToAsk } from '@cashdesk/domain';
import type { ClientEnvironment, NativePayType } from '@cashdesk/domain';
import { useEffect, useEffectEvent, useState } from 'react';

/**
 * Whether this browser can pay with a wallet (SPEC §6, docs/decisions/0122): the Payment Request
 * API exists and `canMakePayment()` answers true for the wallet's payment method identifier. A
 * browser without the API, a frame the host did not delegate `payment` to (the constructor
 * throws) or any other failure answers false: the wallet is then not offered.
 */
async function canPayWith(wallet: NativePayType, currency: string): Promise<boolean> {
  if (!('PaymentRequest' in window)) return false;
  try {
    const request = new PaymentRequest([{ supportedMethods: NATIVE_PAY_METHOD_IDS[wallet] }], {
      total: { label: wallet, amount: { currency, value: '0' } },
    });
    return await request.canMakePayment();
  } catch {
    return false;
  }
}

/**
 * The answers already asked for, per Payment Request implementation (a page has one; a test
 * gives each case its own), wallet and currency: the browser is asked once, not at every render.
 */
const asked = new WeakMap<object, Map<string, Promise<boolean>>>();

function askOnce(wallet: NativePayType, currency: string): Promise<boolean> {
  if (!('PaymentRequest' in window)) return Promise.resolve(false);
  let answers = asked.get(window.PaymentRequest);
  if (answers === undefined) {
    answers = new Map();
    asked.set(window.PaymentRequest, answers);
  }
  const key = `${wallet}:${currency}`;
  let answer = answers.get(key);
  if (answer === undefined) {
    answer = canPayWith(wallet, currency);
    answers.set(key, answer);
  }
  return answer;
}

/**
 * SPEC §6: the wallets of these pay groups to ask the browser about (the domain's walletsToAsk),
 * and the currency to ask in.
 */
export function listWallets(
  groups: readonly PayGroup[],
  environment: ClientEnvironment,
): { readonly wallets: readonly NativePayType[]; readonly currency: string | null } {
  return {
    wallets: walletsToAsk(
      environment,
      groups.map((group) => group.native_pay_type),
    ),
    currency: groups[0]?.currencies[0]?.alpha3 ?? null,
  };
}

/** The wallets the browser can pay with, and whether it is still being asked. */
export interface NativePayReadiness {
  readonly ready: readonly NativePayType[];
  readonly pending: boolean;
}

const NONE: readonly NativePayType[] = [];

/**
 * SPEC §6: of `wallets` (the domain's walletsToAsk: the listed wallets the platform may show),
 * those the browser can pay with in `currency`, handed to the domain's pay-group mapping
 * (`nativePayReady`), which offers no other wallet method. None while the browser is asked.
 */
export function useNativePayReady(
  wallets: readonly NativePayType[],
  currency: string | null,
): NativePayReadiness {
  const key = currency === null || wallets.length === 0 ? '' : `${currency}:${wallets.join(',')}`;
  const [answered, setAnswered] = useState<{ key: string; ready: readonly NativePayType[] }>({
    key: '',
    ready: NONE,
  });
  // Asks with the wallets and currency the key names; a later key's answer replaces it.
  const ask = useEffectEvent(
    (asking: string, answer: (ready: readonly NativePayType[]) => void) => {
      if (asking === '' || currency === null) return;
      void Promise.all(wallets.map((wallet) => askOnce(wallet, currency))).then((answers) => {
        answer(wallets.filter((_, index) => answers[index]));
      });
    },
  );
  useEffect(() => {
    let live = true;
    ask(key, (ready) => {
      if (live) setAnswered({ key, ready });
    });
    return () => {
      live = false;
    };
  }, [key]);
  if (key === '') return { ready: NONE, pending: false };
  return answered.key === key
    ? { ready: answered.ready, pending: false }
    : { ready: NONE, pending: true };
}
