import { useEffect, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { focusSiblingOption, OPTION_MOVES } from './option-focus';

/** One entry of an {@link OptionPicker}. */
export interface PickerOption {
  readonly value: string;
  readonly label: string;
  /** A second line (a bet shop's address and hours). */
  readonly detail?: string;
  /** Shown before the label (a flag). */
  readonly start?: ReactNode;
}

export interface OptionPickerProps {
  readonly open: boolean;
  readonly title: string;
  /** The listbox id, which the control that opens the picker names in aria-controls. */
  readonly listId?: string;
  readonly options: readonly PickerOption[];
  readonly selectedValue: string | null;
  readonly onPick: (value: string) => void;
  readonly onClose: () => void;
}

/**
 * SPEC §2 select "(read-only, opens a picker)" and the bet-shop picker: a modal listbox. Focus
 * starts on the chosen option (else the first); arrows, Home and End move, Enter or Space picks,
 * Escape closes (the native dialog's cancel). Each option is focusable itself (roving focus), so
 * screen readers announce it as they move.
 */
export function OptionPicker({
  open,
  title,
  listId,
  options,
  selectedValue,
  onPick,
  onClose,
}: OptionPickerProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const element = list.current;
    if (element === null) return;
    const chosen =
      element.querySelector<HTMLElement>('[aria-selected="true"]') ??
      element.querySelector<HTMLElement>('[role="option"]');
    chosen?.focus();
  }, [open]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, value: string) => {
    const move = OPTION_MOVES[event.key];
    if (move !== undefined) {
      event.preventDefault();
      focusSiblingOption(event.currentTarget, move);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onPick(value);
    }
  };
  const hasSelection = options.some((option) => option.value === selectedValue);
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          {t('FIELDS.PICKER.CLOSE')}
        </Button>
      }
    >
      <div ref={list} id={listId} className="cd-options" role="listbox" aria-label={title}>
        {options.map((option, index) => {
          const selected = option.value === selectedValue;
          const focusable = hasSelection ? selected : index === 0;
          return (
            <div
              key={option.value}
              className="cd-option"
              role="option"
              aria-selected={selected}
              tabIndex={focusable ? 0 : -1}
              onClick={() => {
                onPick(option.value);
              }}
              onKeyDown={(event) => {
                onKeyDown(event, option.value);
              }}
            >
              {option.start}
              <span className="cd-option__text">
                <span>{option.label}</span>
                {option.detail === undefined ? null : (
                  <span className="cd-option__detail">{option.detail}</span>
                )}
              </span>
            </div>
          );
        })}
      </div>
    </Dialog>
  );
}
