import { visiblePhoneField } from '@cashdesk/domain';
import { useTranslation } from 'react-i18next';
import { hasHost, requestMyAccount } from '../../host/host-bridge';
import { Button } from '../../ui/button';
import { FieldShell } from '../shared/field-shell';
import { TextControl } from '../shared/text-control';
import { useFieldA11y } from '../shared/use-field-a11y';
import { textOf } from '../input/input-field';
import type { FieldViewProps } from '../types';

/**
 * SPEC §2 read-only visible phone (type user_phone), §5/§8 empty profile phone: the profile phone
 * formatted like the phone field (domain visiblePhoneField), read-only. The value is the profile
 * phone (the field's userRequisite when the form holds none). When the form reports an error for
 * it (its phone error), the field shows the empty-phone-in-profile message if the profile has no
 * phone, else the error itself. With no profile phone and a host page around the cashier, a
 * button asks the host to open the player's account (SPEC §1 redirect message carrying
 * /my-account), where the phone is added; without a host there is nowhere to send the player.
 */
export function UserPhoneVisibleField({ field, value, error, inputRef }: FieldViewProps) {
  const { t } = useTranslation();
  const profilePhone = textOf(value, field.userRequisite ?? '');
  const empty = textOf(value, field.userRequisite ?? '').trim() === '';
  const view = visiblePhoneField({
    profilePhone,
    phoneError: error === null ? null : error.key,
    emptyPhoneMessage: empty ? 'FIELDS.PHONE.EMPTY_IN_PROFILE' : null,
  });
  const shown = view.error === null || error === null ? null : empty ? { key: view.error } : error;
  const a11y = useFieldA11y({ ...field, isDisabled: false }, shown);
  // The way to add a phone sits under the message that asks for one.
  const openAccount =
    empty && hasHost() ? (
      <Button
        variant="link"
        onClick={() => {
          requestMyAccount();
        }}
      >
        {t('FIELDS.PHONE.OPEN_ACCOUNT')}
      </Button>
    ) : null;
  return (
    <FieldShell a11y={a11y} after={openAccount}>
      <TextControl
        a11y={a11y}
        display={view.display}
        onText={() => undefined}
        onBlur={() => undefined}
        inputRef={inputRef}
        type="tel"
        readOnly
        placeholder={empty ? t('FIELDS.PHONE.NONE') : undefined}
        ltr
      />
    </FieldShell>
  );
}
