/**
 * SPEC §3 showPCIDSSLogo: the PCI DSS mark under a form that takes card data (a deposit card
 * form, a payout to a card), when the brand's widget settings ask for it (show_pci_dss_logo of
 * the current flow's init answer). The mark is the cashier's own drawing: a shield with a tick
 * and the standard's name, beside a sentence in the player's language.
 *
 * @packageDocumentation
 */
import { fieldKind } from '@cashdesk/domain';
import { useTranslation } from 'react-i18next';
import { cashierApi } from '../api/cashier-api';
import { useAppSelector } from '../store/hooks';
import type { MethodForm } from './method-form';
import './pci-dss-mark.css';

/** Whether the current flow's init answer asks for the mark; false until it is there. */
function useShowPciDssLogo(): boolean {
  const flow = useAppSelector((state) => state.session.paymentFlow);
  const { deposit } = cashierApi.endpoints.depositInit.useQueryState(undefined, {
    skip: flow !== 'deposit',
    selectFromResult: ({ data }) => ({ deposit: data?.widget_settings.show_pci_dss_logo }),
  });
  const { payout } = cashierApi.endpoints.payoutInit.useQueryState(undefined, {
    skip: flow === 'deposit',
    selectFromResult: ({ data }) => ({ payout: data?.widget_settings.show_pci_dss_logo }),
  });
  return (flow === 'deposit' ? deposit : payout) === true;
}

/** SPEC §3 showPCIDSSLogo under a card form; nothing for other forms or when the brand says no. */
export function PciDssMark({ form }: { readonly form: MethodForm }) {
  const { t } = useTranslation();
  const show = useShowPciDssLogo();
  const takesCardData = form.isCardForm || form.fields.some((field) => fieldKind(field) === 'card');
  if (!show || !takesCardData) return null;
  return (
    <p className="cd-pci-dss">
      <svg
        className="cd-pci-dss__badge"
        viewBox="0 0 84 32"
        width="84"
        height="32"
        role="img"
        aria-label={t('APP.PCI_DSS.BADGE')}
        direction="ltr"
      >
        <rect x="0.5" y="0.5" width="83" height="31" rx="6" fill="none" stroke="currentColor" />
        <path
          d="M16 5l8 3v6c0 5-3.4 9-8 11-4.6-2-8-6-8-11V8z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
        <path
          d="M12.4 15.2l2.6 2.6 4.8-5.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <text
          x="30"
          y="20"
          fontSize="11"
          fontWeight="700"
          fill="currentColor"
          fontFamily="sans-serif"
        >
          PCI DSS
        </text>
      </svg>
      <span className="cd-pci-dss__text">{t('APP.PCI_DSS.TEXT')}</span>
    </p>
  );
}
