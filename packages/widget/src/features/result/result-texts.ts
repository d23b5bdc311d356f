import type { PaymentFlow, ResultStatus } from '@cashdesk/domain';

/** The title and body text keys of one result page. */
export interface ResultTexts {
  readonly title: string;
  readonly text: string;
}

/** SPEC §2 result statuses of both flows; every route /{flow}/{flow}-{status} has its texts. */
export const RESULT_TEXTS: Readonly<
  Record<PaymentFlow, Readonly<Record<ResultStatus, ResultTexts>>>
> = {
  deposit: {
    success: { title: 'RESULT.DEPOSIT.SUCCESS.TITLE', text: 'RESULT.DEPOSIT.SUCCESS.TEXT' },
    error: { title: 'RESULT.DEPOSIT.ERROR.TITLE', text: 'RESULT.DEPOSIT.ERROR.TEXT' },
    processing: {
      title: 'RESULT.DEPOSIT.PROCESSING.TITLE',
      text: 'RESULT.DEPOSIT.PROCESSING.TEXT',
    },
    await: { title: 'RESULT.DEPOSIT.AWAIT.TITLE', text: 'RESULT.DEPOSIT.AWAIT.TEXT' },
    'charity-success': {
      title: 'RESULT.DEPOSIT.CHARITY_SUCCESS.TITLE',
      text: 'RESULT.DEPOSIT.CHARITY_SUCCESS.TEXT',
    },
  },
  withdrawal: {
    success: { title: 'RESULT.WITHDRAWAL.SUCCESS.TITLE', text: 'RESULT.WITHDRAWAL.SUCCESS.TEXT' },
    error: { title: 'RESULT.WITHDRAWAL.ERROR.TITLE', text: 'RESULT.WITHDRAWAL.ERROR.TEXT' },
    processing: {
      title: 'RESULT.WITHDRAWAL.PROCESSING.TITLE',
      text: 'RESULT.WITHDRAWAL.PROCESSING.TEXT',
    },
    await: { title: 'RESULT.WITHDRAWAL.AWAIT.TITLE', text: 'RESULT.WITHDRAWAL.AWAIT.TEXT' },
    'charity-success': {
      title: 'RESULT.WITHDRAWAL.CHARITY_SUCCESS.TITLE',
      text: 'RESULT.WITHDRAWAL.CHARITY_SUCCESS.TEXT',
    },
  },
};
