/**
 * SPEC §7 route call of a routable method (`is_routable`), for both flows: a choice in a field
 * that routes sends the form as it stands to `{payments|payouts}/groups/{paygroup_id}/route`, and
 * the answer's parameters become the form's fields (mapped as form fields). Only the latest call's
 * answer counts (the player may choose again before the first answers); a failed call keeps the
 * form and says so.
 *
 * @packageDocumentation
 */
import type {
  FieldDefinition,
  RouteRequestInput,
  WithdrawalFieldDefinition,
} from '@cashdesk/contract';
import { fieldKind, parseDecimal } from '@cashdesk/domain';
import type { FormField, SubmitParameters } from '@cashdesk/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildMethodForm } from './method-form';
import type { AnyMethodDetail, MethodForm } from './method-form';

/** Where the route call stands. */
export type RoutingState = 'idle' | 'loading' | 'failed';

/** What a flow's route call answers (an RTK mutation's result). */
export type RouteCallResult =
  | {
      readonly data: {
        readonly parameters: readonly (FieldDefinition | WithdrawalFieldDefinition)[];
      };
      readonly error?: undefined;
    }
  | { readonly data?: undefined; readonly error: unknown };

/**
 * SPEC §7: the fields whose choice a routable method's route call follows: a choice of options
 * (a select) or a yes-or-no (a check box, of either kind).
 */
export function routesOnChange(field: FormField): boolean {
  const kind = fieldKind(field);
  return kind === 'select' || kind === 'checkbox' || kind === 'check';
}

export interface RoutedForm {
  /** The form as the last route answer made it (the loaded one until the player chooses). */
  readonly form: MethodForm;
  readonly routing: RoutingState;
  /**
   * Sends the form entered so far to the route call (the amount only when it is a positive
   * decimal); answers the routed form, or `null` when the call failed or a later call overtook it.
   */
  readonly route: (form: {
    readonly currency: string;
    readonly amountText: string;
    readonly parameters: SubmitParameters;
  }) => Promise<MethodForm | null>;
}

/** SPEC §7: the routed form of a method page (see the module comment). */
export function useRoutedForm(input: {
  readonly flow: 'deposit' | 'withdrawal';
  readonly detail: AnyMethodDetail;
  readonly loadedForm: MethodForm;
  readonly call: (body: RouteRequestInput) => Promise<RouteCallResult>;
}): RoutedForm {
  const [routedForm, setRoutedForm] = useState<MethodForm | null>(null);
  const [routing, setRouting] = useState<RoutingState>('idle');
  const calls = useRef(0);
  const { flow, detail, loadedForm, call } = input;
  const route: RoutedForm['route'] = async ({ currency, amountText, parameters }) => {
    calls.current += 1;
    const current = calls.current;
    setRouting('loading');
    const amountValid = parseDecimal(amountText)?.gt(0) === true;
    const result = await call({
      currency,
      ...(amountValid ? { amount: amountText } : {}),
      parameters,
    });
    if (current !== calls.current) return null;
    if (result.data === undefined) {
      setRouting('failed');
      return null;
    }
    setRouting('idle');
    const routed = buildMethodForm({
      detail: { ...detail, parameters: [...result.data.parameters] },
      flow,
      currency: loadedForm.currency,
      precision: loadedForm.precision,
    });
    setRoutedForm(routed);
    return routed;
  };
  return { form: routedForm ?? loadedForm, routing, route };
}

/** SPEC §7: says that the next fields load, or could not be loaded. */
export function RoutingNotice({ routing }: { readonly routing: RoutingState }) {
  const { t } = useTranslation();
  if (routing === 'idle') return null;
  return (
    <p className="cd-method__notice" role="status">
      {routing === 'loading' ? t('DEPOSIT_METHOD.ROUTING') : t('DEPOSIT_METHOD.ROUTE_FAILED')}
    </p>
  );
}
