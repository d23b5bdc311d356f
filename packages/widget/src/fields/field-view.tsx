import { fieldKind } from '@cashdesk/domain';
import type { FieldKind } from '@cashdesk/domain';
import { lazy, Suspense, useState } from 'react';
import type { ComponentType } from 'react';
import { AmountField } from './amount/amount-field';
import { BetShopField } from './bet-shop/bet-shop-field';
import { CardNumberField } from './card-number/card-number-field';
import { CardholderField } from './cardholder/cardholder-field';
import { CheckboxField } from './checkbox/checkbox-field';
import { CopyTextField } from './copy-text/copy-text-field';
import { CvvField } from './cvv/cvv-field';
import { DateField } from './date/date-field';
import { ExpiryField } from './expiry/expiry-field';
import { loadedFieldComponent, loadFieldComponent } from './field-code';
import { FileUploadField } from './file-upload/file-upload-field';
import { InputField } from './input/input-field';
import { SavedCardField } from './saved-card/saved-card-field';
import { SelectField } from './select/select-field';
import type { FieldViewProps } from './types';

/** A field-sized placeholder for the moment a phone field's code is on its way. */
const PHONE_PLACEHOLDER = <div className="cd-skeleton__bar" aria-hidden="true" />;

/**
 * The component of a kind whose code comes on demand (field-code.ts). A method page waits for
 * the code before showing its form (useFieldCode), so the loaded component is rendered directly;
 * a field mounted before its code is here shows a field-sized placeholder until it comes. Which
 * of the two a field uses is decided when it mounts, so it is never mounted twice.
 */
function onDemand(kind: FieldKind): ComponentType<FieldViewProps> {
  const Lazy = lazy(() => loadFieldComponent(kind).then((component) => ({ default: component })));
  function OnDemandField(props: FieldViewProps) {
    const [Loaded] = useState(() => loadedFieldComponent(kind));
    if (Loaded !== null) return <Loaded {...props} />;
    return (
      <Suspense fallback={PHONE_PLACEHOLDER}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return OnDemandField;
}

const PhoneField = onDemand('phone');
const UserPhoneVisibleField = onDemand('userPhoneVisible');

/** SPEC §2, §3: the component of each of the fifteen field kinds. */
const COMPONENTS: Readonly<Record<FieldKind, ComponentType<FieldViewProps>>> = {
  amount: AmountField,
  checkbox: CheckboxField,
  check: CheckboxField,
  select: SelectField,
  card: SavedCardField,
  input: InputField,
  expirationDate: ExpiryField,
  cardPan: CardNumberField,
  cardCvv: CvvField,
  userPhoneVisible: UserPhoneVisibleField,
  betShop: BetShopField,
  phone: PhoneField,
  date: DateField,
  file_upload: FileUploadField,
  disabledInputCopy: CopyTextField,
};

/**
 * SPEC §2 "Fields on method forms", §3 field kinds: renders one controlled form field with the
 * component of its kind (domain fieldKind). The cardholder name has no kind of its own (its
 * extended type leaves the decision to the type, an input), so it is recognised here to get the
 * cc-name autofill. Every field is labelled in the current language and links its error.
 */
export function FieldView(props: FieldViewProps) {
  const kind = fieldKind(props.field);
  if (kind === 'input' && props.field.extendedType === 'card_cardholder_name') {
    return <CardholderField {...props} />;
  }
  const Component = COMPONENTS[kind];
  return <Component {...props} />;
}
