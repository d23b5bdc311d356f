/**
 * Approving or rejecting a withdrawal that awaits approval, each with an optional reason kept in
 * the audit trail; shared by the approval queue and the transaction page.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { approvePayout, rejectPayout } from '../api/calls';
import type { Transaction } from '../api/calls';
import { useI18n } from '../i18n/i18n';
import { ActionDialog } from '../ui/action-dialog';
import { TextInput } from '../ui/fields';
import { Money } from '../ui/values';

interface PayoutDecisionProps {
  readonly transaction: Transaction;
  /** The withdrawal as the decision left it. */
  readonly onDone: (transaction: Transaction) => void;
}

function Decision(props: PayoutDecisionProps & { readonly kind: 'approve' | 'reject' }): ReactNode {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  const tx = props.transaction;
  const approve = props.kind === 'approve';
  return (
    <ActionDialog
      label={t(approve ? 'payout.approve' : 'payout.reject')}
      title={t(approve ? 'payout.approveTitle' : 'payout.rejectTitle', { player: tx.player_id })}
      submitLabel={t(approve ? 'payout.approve' : 'payout.reject')}
      tone={approve ? 'primary' : 'danger'}
      onOpen={() => {
        setReason('');
      }}
      onSubmit={async () => {
        const note = reason.trim() === '' ? undefined : reason.trim();
        const answer = await (approve ? approvePayout(tx.id, note) : rejectPayout(tx.id, note));
        props.onDone(answer.transaction);
      }}
    >
      <p className="bo-help">
        <Money amount={tx.amount} currency={tx.currency} /> · {tx.pay_group} · {tx.player_id}
      </p>
      <TextInput
        label={t('payout.reason')}
        description={t('payout.reasonHelp')}
        name="reason"
        value={reason}
        onChange={setReason}
        multiline
        maxLength={500}
      />
    </ActionDialog>
  );
}

/** The approve and reject buttons of one withdrawal. */
export function PayoutDecision(props: PayoutDecisionProps): ReactNode {
  return (
    <>
      <Decision {...props} kind="approve" />
      <Decision {...props} kind="reject" />
    </>
  );
}
