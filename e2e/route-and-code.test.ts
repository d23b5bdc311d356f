/**
 * SPEC §7 route and payments otp, §3 routing and one-time code state, §4 fieldName: two
 * deposit methods an operator configures through the operator API on the real server, paid in
 * the real widget in Chromium:
 * - a routable bank list (is_routable): the fields of the chosen bank come from the route call
 *   and join the form, and the payment goes with them;
 * - a phone wallet whose phone is confirmed by a one-time code: the player has a code sent from
 *   the form, a wrong code is refused on its field, the right one pays.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useStackAndBrowser } from './support';
import {
  closeHosted,
  literal,
  openHostedCashier,
  text,
  transactionsOf,
  visitScreen,
} from './support/cashier';
import { operatorJson } from './support/stack';
import { latestOtp } from './support/withdrawal';
import { chooseOption, field, openMethod, submitButton, waitForPath } from './support/journeys';

const ADMIN_KEY = 'e2e-route-and-code-admin-key-0123456789';
const env = useStackAndBrowser({ env: { OPERATOR_ADMIN_KEY: ADMIN_KEY } });

const ROUTED = 'Local bank (routed)';
const CONFIRMED = 'Phone wallet (code)';

beforeAll(async () => {
  const minted = await operatorJson(env.stack, 'POST', '/brands/brand0/api-keys', ADMIN_KEY, {
    label: 'route-and-code-test',
    scopes: ['config:read', 'config:write'],
  });
  const key = typeof minted['key'] === 'string' ? minted['key'] : '';
  const currencies = [{ currency: 'EUR', min_amount: '5', max_amount: '5000' }];
  await operatorJson(env.stack, 'PUT', '/pay-groups/deposit/local_bank', key, {
    public_name: ROUTED,
    provider_kind: 'alternative',
    pay_method_type: 'bank_transfers',
    is_routable: true,
    fields: [
      {
        name: 'bank',
        type: 'select',
        label: 'PH.FIELD.BANK',
        is_required: true,
        options: [
          { label: 'Bank One', value: 'b1' },
          { label: 'Bank Two', value: 'b2' },
        ],
        items: [
          {
            when: 'b1',
            fields: [
              {
                name: 'iban',
                type: 'input',
                label: 'PH.FIELD.IBAN',
                regexp: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$',
                is_required: true,
              },
            ],
          },
        ],
      },
    ],
    currencies,
  });
  await operatorJson(env.stack, 'PUT', '/pay-groups/deposit/phone_wallet', key, {
    public_name: CONFIRMED,
    provider_kind: 'mobile',
    pay_method_type: 'mobile',
    fields: [
      {
        name: 'wallet_phone',
        type: 'input',
        extended_type: 'phone_with_country',
        label: 'PH.FIELD.PHONE',
        regexp: '^\\+[0-9]{8,15}$',
        is_required: true,
        is_otp_requisites: true,
      },
      {
        name: 'otp',
        type: 'input',
        label: 'PH.FIELD.CONFIRMATION_CODE',
        regexp: '^[0-9]{6}$',
        is_required: true,
      },
    ],
    currencies,
  });
});

describe('routable methods and one-time codes on payments (SPEC §7 route and otp)', () => {
  it('SPEC §7 route: choosing a bank brings its IBAN field from the route call; the deposit goes with it', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, frame, session } = hosted;
    await openMethod(frame, ROUTED);
    const iban = field(frame, 'PH.FIELD.IBAN');
    expect(await iban.count()).toBe(0);
    await chooseOption(frame, 'PH.FIELD.BANK', 'Bank One');
    await iban.waitFor();
    await iban.fill('DE89370400440532013000');
    await visitScreen(page, frame, 'routed-bank-form');
    await submitButton(frame).click();
    await expect
      .poll(async () => (await transactionsOf(env.stack, session.sessionId)).length)
      .toBe(1);
    await closeHosted(hosted);
  });

  it('SPEC §4 fieldName, §7 otp: a code sent to the phone from the form; a wrong one is refused on its field, the right one pays', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, frame, session } = hosted;
    await openMethod(frame, CONFIRMED);
    await field(frame, 'PH.FIELD.PHONE').fill('+4915199887766');
    await frame.getByRole('button', { name: text('en', 'DEPOSIT_METHOD.OTP.SEND') }).click();
    await frame
      .getByRole('status')
      .getByText(
        literal(
          text('en', 'DEPOSIT_METHOD.OTP.SENT', {
            requisite: '+4915199887766',
            field: text('en', 'PH.FIELD.CONFIRMATION_CODE'),
          }),
        ),
      )
      .waitFor();
    await visitScreen(page, frame, 'deposit-code-sent');
    const code = await latestOtp(env.stack, session.sessionId);
    const wrong = code === '000000' ? '111111' : '000000';
    const codeField = field(frame, 'PH.FIELD.CONFIRMATION_CODE');
    await codeField.fill(wrong);
    await submitButton(frame).click();
    await frame.getByText(text('en', 'CASHIER.ERROR.OTP_INVALID')).waitFor();
    expect(await transactionsOf(env.stack, session.sessionId)).toEqual([]);
    await codeField.fill(code);
    await submitButton(frame).click();
    await waitForPath(frame, /^\/deposit\/deposit-(await|success)$/);
    expect(await transactionsOf(env.stack, session.sessionId)).toHaveLength(1);
    await closeHosted(hosted);
  });
});
