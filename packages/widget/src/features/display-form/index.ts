// Placeholder until the feature lands (issue 4 work in progress).
import { createElement } from 'react';
import { NotAvailable } from '../../app/not-available';

export function DisplayFormPage() {
  return createElement(NotAvailable, { route: null });
}
