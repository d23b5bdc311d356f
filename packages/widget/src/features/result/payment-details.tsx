import type { PaySession, StatusResponse } from '@cashdesk/contract';
import { parseDecimal } from '@cashdesk/domain';
import type { PaymentFlow, ResultStatus } from '@cashdesk/domain';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../ui/copy-button';
import { LongValue } from '../../ui/long-value';
import { ServerName } from '../../ui/server-text';
import { wireMoney } from '../../i18n/format';
import { useMoneyFormat } from '../../i18n/use-money-format';

/** The figures a result page shows of its payment; `null` where nothing is known. */
export interface ResultDetails {
  readonly amount: string | null;
  readonly currency: string | null;
  readonly methodName: string | null;
  readonly reference: string | null;
  readonly fee: string | null;
  readonly tax: string | null;
  readonly bonus: string | null;
  readonly balance: string | null;
  /** A withdrawal's: what reaches the player after its fee and tax. */
  readonly received: string | null;
  /** A withdrawal's: where it goes (the masked account, the card). */
  readonly destination: string | null;
}

/**
 * What a result page shows of its payment. The server's status answer is the source (the same after
 * 3-D Secure, a provider's redirect or the processing page, and its balance is read when it
 * answers); until it is there, or when it fails, the amount and the balance of the pay session the
 * method page passed along, and nothing else.
 */
export function resultDetails(
  server: StatusResponse | undefined,
  paySession: PaySession | null,
): ResultDetails {
  if (server !== undefined) {
    return {
      amount: server.amount,
      currency: server.currency,
      methodName: server.method_name,
      reference: server.reference,
      fee: server.fee,
      tax: server.tax,
      bonus: server.bonus,
      balance: server.user_balance,
      received: server.received ?? null,
      destination: server.destination ?? null,
    };
  }
  return {
    amount: paySession?.amount ?? null,
    currency: paySession?.currency ?? null,
    methodName: null,
    reference: null,
    fee: null,
    tax: null,
    bonus: null,
    balance: paySession?.user_balance ?? null,
    received: null,
    destination: null,
  };
}

/** A charge worth a row: known and above zero (a figure of 0 is no charge, not a row of "0"). */
function charged(value: string | null): string | null {
  return value !== null && parseDecimal(value)?.gt(0) === true ? value : null;
}

/** One row of the list. */
interface Row {
  readonly key: string;
  readonly label: string;
  readonly value: string;
  readonly copyable?: boolean;
  /** A name as the server wrote it (the method's), marked with its language. */
  readonly name?: boolean;
}

/**
 * The payment's details on its result page as a description list: amount, method, reference
 * (copyable), fee, tax, bonus, a withdrawal's destination and what it pays out after its fee and
 * tax, and the balance, amounts in the brand's one money format. A row shows
 * only what is known, never an empty value. A decline charged nothing, so it shows no fee, tax or
 * bonus; a bonus is a deposit's. The balance is the new balance on a success and the balance as it
 * stands on any other page.
 */
export function PaymentDetails({
  details,
  flow,
  status,
}: {
  readonly details: ResultDetails;
  readonly flow: PaymentFlow;
  readonly status: ResultStatus;
}) {
  const { t } = useTranslation();
  const moneyStyle = useMoneyFormat();
  const { currency } = details;
  const money = (value: string | null): string | null =>
    value === null || currency === null ? null : wireMoney(value, currency, moneyStyle.display);
  const declined = status === 'error';
  const succeeded = status === 'success' || status === 'charity-success';
  const candidates: readonly (Row | null)[] = [
    labelled('amount', t('RESULT.DETAILS.AMOUNT'), money(details.amount)),
    details.methodName === null || details.methodName === ''
      ? null
      : { key: 'method', label: t('RESULT.DETAILS.METHOD'), value: details.methodName, name: true },
    // A withdrawal says where the money goes and, unless declined, what arrives there.
    flow === 'withdrawal'
      ? labelled('destination', t('RESULT.DETAILS.DESTINATION'), details.destination)
      : null,
    details.reference === null
      ? null
      : {
          key: 'reference',
          label: t('RESULT.DETAILS.REFERENCE'),
          value: details.reference,
          copyable: true,
        },
    declined ? null : labelled('fee', t('RESULT.DETAILS.FEE'), money(charged(details.fee))),
    declined ? null : labelled('tax', t('RESULT.DETAILS.TAX'), money(charged(details.tax))),
    declined || flow !== 'deposit'
      ? null
      : labelled('bonus', t('RESULT.DETAILS.BONUS'), money(charged(details.bonus))),
    declined || flow !== 'withdrawal'
      ? null
      : labelled('received', t('RESULT.DETAILS.RECEIVED'), money(details.received)),
    labelled(
      'balance',
      t(succeeded ? 'RESULT.DETAILS.NEW_BALANCE' : 'RESULT.DETAILS.BALANCE'),
      money(details.balance),
    ),
  ];
  const rows = candidates.filter((row): row is Row => row !== null);
  if (rows.length === 0) return null;
  return (
    <dl className="cd-result__details">
      {rows.map((row) => (
        <div key={row.key} className={`cd-result__detail cd-result__detail--${row.key}`}>
          <dt>{row.label}</dt>
          <dd>
            {row.copyable === true ? (
              <>
                <LongValue className="cd-result__reference" value={row.value} />
                <CopyButton
                  text={row.value}
                  label={t('RESULT.DETAILS.COPY_REFERENCE')}
                  copied={t('RESULT.DETAILS.COPIED')}
                  failed={t('RESULT.DETAILS.COPY_FAILED')}
                  className="cd-result__copy"
                />
              </>
            ) : row.name === true ? (
              <ServerName name={row.value} />
            ) : row.key === 'destination' ? (
              <bdi dir="ltr">{row.value}</bdi>
            ) : (
              row.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function labelled(key: string, label: string, value: string | null): Row | null {
  return value === null || value === '' ? null : { key, label, value };
}
