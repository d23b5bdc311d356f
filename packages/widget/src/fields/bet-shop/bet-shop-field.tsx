import type { FormFieldOption } from '@cashdesk/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon';
import { describedBy, FieldShell } from '../shared/field-shell';
import { OptionPicker } from '../shared/option-picker';
import type { PickerOption } from '../shared/option-picker';
import { useFieldA11y } from '../shared/use-field-a11y';
import { chosenOption } from '../select/select-field';
import type { FieldViewProps } from '../types';
import { formatWorkingHours } from './working-hours';

/** A shop as listed: the option the form stores plus its address and hours. */
interface ShopEntry {
  readonly option: FormFieldOption;
  readonly address: string;
  readonly hours: string;
}

/**
 * SPEC §2 betting-shop picker (extended type bet_shop): the title (the field's label), the chosen
 * shop's name with its address and working hours, and a chevron (the Icon mirrors it in
 * right-to-left layouts, SPEC §7 rtlAssets). It is a button opening the list of shops (the
 * method's bet_shops from the context, else the field's options). The value is the chosen shop
 * as a FormFieldOption whose value is the shop id.
 */
export function BetShopField({
  field,
  value,
  error,
  onChange,
  onBlur,
  inputRef,
  context,
}: FieldViewProps) {
  const { t, i18n } = useTranslation();
  const a11y = useFieldA11y(field, error);
  const listId = useId();
  const [open, setOpen] = useState(false);
  const shops: readonly ShopEntry[] =
    context.betShops === undefined
      ? field.options.map((option) => ({ option, address: '', hours: '' }))
      : context.betShops.map((shop) => ({
          option: { label: shop.name, value: shop.id, selected: false },
          address: [shop.address, shop.city].filter((part) => part !== '').join(', '),
          hours: formatWorkingHours(shop.working_hours, i18n.language),
        }));
  const chosen = chosenOption(value);
  const chosenShop = shops.find((shop) => shop.option.value === chosen?.value);
  const close = () => {
    setOpen(false);
    onBlur();
  };
  const pickerOptions: PickerOption[] = shops.map((shop) => {
    const detail = [shop.address, shop.hours].filter((part) => part !== '').join(' • ');
    return {
      value: shop.option.value,
      label: shop.option.label,
      ...(detail === '' ? {} : { detail }),
    };
  });
  return (
    <FieldShell a11y={a11y} className="cd-bet-shop">
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
        disabled={field.isDisabled || shops.length === 0}
        onClick={() => {
          setOpen(true);
        }}
      >
        <span className="cd-picker-button__text">
          {chosen === null ? (
            <span className="cd-picker-button__placeholder">
              {shops.length === 0
                ? t(field.placeHolderEmptyList ?? 'FIELDS.BET_SHOP.NONE')
                : t(field.placeHolder ?? 'FIELDS.BET_SHOP.CHOOSE')}
            </span>
          ) : (
            <>
              <span>{chosen.label}</span>
              {chosenShop === undefined || chosenShop.address === '' ? null : (
                <span className="cd-picker-button__detail">{chosenShop.address}</span>
              )}
              {chosenShop === undefined || chosenShop.hours === '' ? null : (
                <span className="cd-picker-button__detail">
                  {t('FIELDS.BET_SHOP.HOURS', { hours: chosenShop.hours })}
                </span>
              )}
            </>
          )}
        </span>
        <Icon name="chevron_right" size={20} />
      </button>
      <OptionPicker
        open={open}
        title={a11y.label}
        listId={listId}
        options={pickerOptions}
        selectedValue={chosen?.value ?? null}
        onPick={(picked) => {
          const shop = shops.find((entry) => entry.option.value === picked);
          if (shop !== undefined) onChange(shop.option);
          close();
        }}
        onClose={close}
      />
    </FieldShell>
  );
}
