import { ICON_SIZE_REGULAR_BUTTON } from '@cashdesk/domain';
import type { BetShop } from '@cashdesk/contract';
import type { FormFieldOption } from '@cashdesk/domain';
import { useCallback, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from '../../ui/icon';
import { describedBy, FieldShell } from '../shared/field-shell';
import { OptionPicker } from '../shared/option-picker';
import type { PickerOption } from '../shared/option-picker';
import { useFieldA11y } from '../shared/use-field-a11y';
import { chosenOption } from '../select/select-field';
import type { FieldViewProps } from '../types';
import { formatWorkingHours } from './working-hours';
import { shopAddress } from './shop-address';
import { subscribeBetShopOverlay } from './picked-bet-shop';
import type { BetShopOverlayEvent } from './picked-bet-shop';
import type { SelectBetShopState } from './select-bet-shop-state';

/** A shop as listed: the option the form stores plus its address and hours. */
interface ShopEntry {
  readonly option: FormFieldOption;
  readonly address: string;
  readonly hours: string;
}

/** The overlay route of the withdrawal flow (SPEC §2 /betshop-withdrawal). */
export const BET_SHOP_OVERLAY_PATH = '/betshop-withdrawal';

/** The field's own options as shops without address or hours (when the method sent no bet_shops). */
function optionShops(options: readonly FormFieldOption[]): BetShop[] {
  return options.map((option) => ({
    id: option.value,
    name: option.label,
    address: '',
    city: '',
    working_hours: [],
  }));
}

/**
 * SPEC §2 betting-shop picker (extended type bet_shop): the title (the field's label), the chosen
 * shop's name with its address and working hours, and a chevron (the Icon mirrors it in
 * right-to-left layouts, SPEC §7 rtlAssets). It is a button opening the list of shops (the
 * method's bet_shops from the context, else the field's options). The value is the chosen shop
 * as a FormFieldOption whose value is the shop id.
 *
 * In the withdrawal flow the button opens the /betshop-withdrawal overlay route (SPEC §2 "opens
 * as an overlay to pick a cash pick-up shop") the way the phone field opens /select-country: the
 * shops travel in the navigation state beside `background`, the page under the overlay stays
 * mounted, and the choice comes back through picked-bet-shop.ts; when the overlay has gone the
 * focus returns to this button. The deposit flow keeps the inline picker.
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
  const navigate = useNavigate();
  const location = useLocation();
  const a11y = useFieldA11y(field, error);
  const listId = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement | null>(null);
  const shops: readonly ShopEntry[] =
    context.betShops === undefined
      ? field.options.map((option) => ({ option, address: '', hours: '' }))
      : context.betShops.map((shop) => ({
          option: { label: shop.name, value: shop.id, selected: false },
          address: shopAddress(shop),
          hours: formatWorkingHours(shop.working_hours, i18n.language),
        }));
  const chosen = chosenOption(value);
  const chosenShop = shops.find((shop) => shop.option.value === chosen?.value);
  const overlay = context.flow === 'withdrawal';
  const close = () => {
    setOpen(false);
    onBlur();
  };

  const setButton = useCallback(
    (element: HTMLButtonElement | null) => {
      button.current = element;
      inputRef?.(element);
    },
    [inputRef],
  );

  // The overlay's answers. A pick is stored at once; the blur (validation) waits until the
  // method page holds the new value, as the phone field does after a country pick.
  const validateAfterPick = useRef<string | null>(null);
  const onOverlay = useEffectEvent((event: BetShopOverlayEvent) => {
    if (event.kind === 'closed') {
      button.current?.focus();
      return;
    }
    const shop = shops.find((entry) => entry.option.value === event.shopId);
    if (shop === undefined) return;
    validateAfterPick.current = shop.option.value;
    onChange(shop.option);
  });
  useEffect(() => subscribeBetShopOverlay(field.name, onOverlay), [field.name]);
  const heldValue = chosen?.value ?? null;
  useEffect(() => {
    if (validateAfterPick.current !== null && validateAfterPick.current === heldValue) {
      validateAfterPick.current = null;
      onBlur();
    }
  }, [heldValue, onBlur]);

  const openOverlay = () => {
    const state: SelectBetShopState = {
      betShopField: field.name,
      currentShopId: chosen?.value ?? null,
      shops: context.betShops ?? optionShops(field.options),
    };
    void navigate(`${BET_SHOP_OVERLAY_PATH}${location.search}`, {
      state: { background: location, ...state },
    });
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
        ref={setButton}
        id={a11y.id}
        type="button"
        role="combobox"
        className={`cd-picker-button${a11y.error === null ? '' : ' cd-picker-button--invalid'}`}
        aria-haspopup={overlay ? 'dialog' : 'listbox'}
        aria-expanded={open}
        aria-controls={overlay ? undefined : listId}
        aria-invalid={a11y.error !== null}
        aria-required={field.isRequired || undefined}
        aria-describedby={describedBy(a11y, false)}
        disabled={field.isDisabled || shops.length === 0}
        onClick={() => {
          if (overlay) openOverlay();
          else setOpen(true);
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
        <Icon name="chevron_right" size={ICON_SIZE_REGULAR_BUTTON} />
      </button>
      <OptionPicker
        open={open && !overlay}
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
