import type { PayoutAccount } from '@cashdesk/contract';
import { ICON_SIZE_REGULAR_BUTTON } from '@cashdesk/domain';
import type { FormField } from '@cashdesk/domain';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateLtr } from '../../../i18n/format';
import { announce } from '../../../ui/announcer';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Icon } from '../../../ui/icon';
import { useDeletePayoutAccountMutation } from '../withdrawal-api';
import { NEW_ACCOUNT } from './payout-entry';

export interface PayoutAccountChoiceProps {
  /** The form field that takes the account (its label names the group). */
  readonly field: FormField;
  readonly accounts: readonly PayoutAccount[];
  /** The chosen account id, or {@link NEW_ACCOUNT}. */
  readonly choice: string;
  /** SPEC §3 allow_new_payout_account: whether "a new account" is offered. */
  readonly allowNew: boolean;
  readonly onChoose: (id: string) => void;
}

/**
 * SPEC §2 "Payout entry": the player's payout accounts of this method as radio buttons (label,
 * masked number, whether it is confirmed), "a new account" (the account field then shows below),
 * and a delete button per account that asks first in a confirmation popup. Nothing is shown for
 * a player without accounts: the account field itself is the entry then.
 */
export function PayoutAccountChoice({
  field,
  accounts,
  choice,
  allowNew,
  onChoose,
}: PayoutAccountChoiceProps) {
  const { t } = useTranslation();
  const name = useId();
  const legendId = useId();
  const [asked, setAsked] = useState<PayoutAccount | null>(null);
  const [failed, setFailed] = useState(false);
  const [removeAccount, removal] = useDeletePayoutAccountMutation();
  const legendRef = useRef<HTMLLegendElement>(null);
  if (accounts.length === 0) return null;

  const confirmDelete = () => {
    if (asked === null || removal.isLoading) return;
    const account = asked;
    setFailed(false);
    void removeAccount(account.id).then((result) => {
      if (result.error !== undefined) {
        setFailed(true);
        return;
      }
      setAsked(null);
      if (choice === account.id) onChoose(NEW_ACCOUNT);
      // The dialog puts the focus on the legend (focusAfterConfirm) once it has closed.
      announce(t('WITHDRAWAL.ACCOUNT.DELETED', { account: isolateLtr(account.masked) }), 'polite');
    });
  };

  return (
    <fieldset className="cd-card-choice cd-payout-accounts" aria-labelledby={legendId}>
      <legend id={legendId} ref={legendRef} tabIndex={-1} className="cd-card-choice__legend">
        {t(field.label ?? 'WITHDRAWAL.ACCOUNT.LEGEND')}
      </legend>
      {accounts.map((account) => (
        <div key={account.id} className="cd-payout-accounts__row">
          <label className="cd-card-choice__option">
            <input
              type="radio"
              name={name}
              value={account.id}
              checked={choice === account.id}
              onChange={() => {
                onChoose(account.id);
              }}
            />
            <span className="cd-payout-accounts__text">
              <span className="cd-payout-accounts__label">
                <bdi>{account.label === '' ? account.masked : account.label}</bdi>
              </span>
              <span className="cd-payout-accounts__masked" dir="ltr">
                {account.masked}
              </span>
              {account.verified ? null : (
                <span className="cd-payout-accounts__unverified">
                  {t('WITHDRAWAL.ACCOUNT.NOT_CONFIRMED')}
                </span>
              )}
            </span>
          </label>
          <Button
            variant="secondary"
            className="cd-payout-accounts__delete"
            aria-label={t('WITHDRAWAL.ACCOUNT.DELETE', { account: isolateLtr(account.masked) })}
            onClick={() => {
              setFailed(false);
              setAsked(account);
            }}
          >
            <Icon name="delete" size={ICON_SIZE_REGULAR_BUTTON} />
          </Button>
        </div>
      ))}
      {allowNew ? (
        <label className="cd-card-choice__option">
          <input
            type="radio"
            name={name}
            value={NEW_ACCOUNT}
            checked={choice === NEW_ACCOUNT}
            onChange={() => {
              onChoose(NEW_ACCOUNT);
            }}
          />
          <span className="cd-card-choice__new">
            <Icon name="add" size={ICON_SIZE_REGULAR_BUTTON} />
            {t('WITHDRAWAL.ACCOUNT.NEW')}
          </span>
        </label>
      ) : null}
      <ConfirmDialog
        open={asked !== null}
        title={t('WITHDRAWAL.ACCOUNT.CONFIRM.TITLE')}
        confirmLabel={t('WITHDRAWAL.ACCOUNT.CONFIRM.DELETE')}
        cancelLabel={t('WITHDRAWAL.ACCOUNT.CONFIRM.KEEP')}
        busy={removal.isLoading}
        failure={failed ? t('WITHDRAWAL.ACCOUNT.CONFIRM.FAILED') : null}
        onConfirm={confirmDelete}
        onCancel={() => {
          setAsked(null);
        }}
        focusAfterConfirm={legendRef}
      >
        <p>
          {t('WITHDRAWAL.ACCOUNT.CONFIRM.TEXT', {
            account: asked === null ? '' : isolateLtr(asked.masked),
          })}
        </p>
      </ConfirmDialog>
    </fieldset>
  );
}
