// Placeholder until the feature lands (issue 4 work in progress).
import { createElement } from 'react';
import { NotAvailable } from '../app/not-available';

export function SelectCountryPage() {
  return createElement(NotAvailable, { route: null });
}
