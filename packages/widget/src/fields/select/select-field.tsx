import { ICON_SIZE_REGULAR_BUTTON } from '@cashdesk/domain';
import type { FormFieldOption } from '@cashdesk/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon';
import { describedBy, FieldShell } from '../shared/field-shell';
import { OptionPicker } from '../shared/option-picker';
import { useFieldA11y } from '../shared/use-field-a11y';
import type { FieldViewProps } from '../types';

/** The option a select holds, or null (its value is the option object, SPEC §3). */
export function chosenOption(value: FieldViewProps['value']): FormFieldOption | null {
  return typeof value === 'object' && value !== null ? value : null;
}

/**
 * SPEC §2 select "(read-only, opens a picker)", also the saved-card field (card kind, SPEC §3):
 * a read-only control showing the chosen option that opens a listbox dialog of the field's
 * options. The value is the chosen {@link FormFieldOption}. With no options it is disabled and
 * shows the field's empty-list text (SPEC §3 placeHolderEmptyList, §4 payout card field).
 * Auto-fill of a single or preselected option is the method page's (domain selectAutoFillOption).
 */
export function SelectField({ field, value, error, onChange, onBlur, inputRef }: FieldViewProps) {
  const { t } = useTranslation();
  const a11y = useFieldA11y(field, error);
  const listId = useId();
  const [open, setOpen] = useState(false);
  const chosen = chosenOption(value);
  const empty = field.options.length === 0;
  const close = () => {
    setOpen(false);
    onBlur();
  };
  const placeholder = empty
    ? t(field.placeHolderEmptyList ?? 'FIELDS.SELECT.EMPTY')
    : t(field.placeHolder ?? 'FIELDS.SELECT.PLACEHOLDER');
  return (
    <FieldShell a11y={a11y}>
      <button
        ref={inputRef}
        id={a11y.id}
        type="button"
        role="combobox"
        className={`cd-picker-button${a11y.error === null ? '' : ' cd-picker-button--invalid'}`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-invalid={a11y.error !== null}
        aria-required={field.isRequired || undefined}
        aria-describedby={describedBy(a11y, false)}
        disabled={field.isDisabled || empty}
        onClick={() => {
          setOpen(true);
        }}
      >
        <span className="cd-picker-button__text">
          {chosen === null ? (
            <span className="cd-picker-button__placeholder">{placeholder}</span>
          ) : (
            <span>{t(chosen.label)}</span>
          )}
        </span>
        <Icon name="chevron_right" size={ICON_SIZE_REGULAR_BUTTON} />
      </button>
      <OptionPicker
        open={open}
        title={a11y.label}
        listId={listId}
        options={field.options.map((option) => ({ value: option.value, label: t(option.label) }))}
        selectedValue={chosen?.value ?? null}
        onPick={(picked) => {
          const option = field.options.find((candidate) => candidate.value === picked);
          if (option !== undefined) onChange(option);
          close();
        }}
        onClose={close}
      />
    </FieldShell>
  );
}
