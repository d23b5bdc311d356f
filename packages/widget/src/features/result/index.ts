// Placeholder until the feature lands (issue 4 work in progress).
import { createElement } from 'react';
import { NotAvailable } from '../../app/not-available';

export function ResultPage() {
  return createElement(NotAvailable, { route: null });
}
export function SessionExpiredPage() {
  return createElement(NotAvailable, { route: null });
}
export function ErrorPopup() {
  return createElement(NotAvailable, { route: null });
}
