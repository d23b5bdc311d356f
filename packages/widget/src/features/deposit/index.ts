// Placeholder until the feature lands (issue 4 work in progress).
import { createElement } from 'react';
import { NotAvailable } from '../../app/not-available';

export function DepositHomePage() {
  return createElement(NotAvailable, { route: null });
}
export function DepositMethodPage() {
  return createElement(NotAvailable, { route: null });
}
