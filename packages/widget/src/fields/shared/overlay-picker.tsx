import { useEffect, useEffectEvent, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '../../ui/icon';
import { usePageTitle } from '../../ui/use-page-title';
import { focusSiblingOption, OPTION_MOVES } from './option-focus';
import './fields.css';

export interface OverlayPickerProps<Entry> {
  /** The CSS block of the page (`cd-country-page`): its header, title, status and list. */
  readonly block: string;
  readonly title: string;
  /** The name of the back button. */
  readonly backLabel: string;
  /** The label of the search box; `null` shows no search box. */
  readonly searchLabel: string | null;
  readonly query: string;
  readonly onQueryChange: (query: string) => void;
  /** The polite status line under the search (no match, how many). */
  readonly status: string;
  /** The options to list, already filtered by the query. */
  readonly entries: readonly Entry[];
  /** The value an entry stands for (its key and what a pick hands over). */
  readonly valueOf: (entry: Entry) => string;
  /** The value chosen now, marked selected and focused first. */
  readonly currentValue: string | null;
  /** Extra class names of each option. */
  readonly optionClassName?: string;
  readonly renderOption: (entry: Entry, chosen: boolean) => ReactNode;
  /** Hands the picked value over; the overlay closes after it. */
  readonly onPick: (value: string) => void;
  /** Runs once the overlay is gone and the form under it is no longer inert. */
  readonly onClosed?: () => void;
}

/**
 * SPEC §2 overlay pickers (/select-country, /betshop-withdrawal): a route over a form where the
 * player picks one entry. A modal (native dialog, so the form under it is inert) with a back
 * button, one h1, an optional search box, a status line and the listbox. Arrow Down from the
 * search goes into the list and Enter there picks a lone match; arrows, Home and End move;
 * Enter, Space or a click picks; Escape or the back button closes without a pick. Closing is
 * navigate(-1), once, so the form under it keeps everything typed.
 */
export function OverlayPicker<Entry>({
  block,
  title,
  backLabel,
  searchLabel,
  query,
  onQueryChange,
  status,
  entries,
  valueOf,
  currentValue,
  optionClassName,
  renderOption,
  onPick,
  onClosed,
}: OverlayPickerProps<Entry>) {
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const searchId = useId();
  usePageTitle(title);

  const closed = useRef(false);
  const close = () => {
    if (closed.current) return;
    closed.current = true;
    void navigate(-1);
  };
  const closeOnce = useEffectEvent(close);
  const announceClosed = useEffectEvent(() => {
    onClosed?.();
  });

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return undefined;
    if (!element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    const start =
      search.current ??
      list.current?.querySelector<HTMLElement>('[role="option"][tabindex="0"]') ??
      null;
    start?.focus();
    // Escape also where the browser sends no cancel event (older web views); `close` runs once.
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeOnce();
      }
    };
    element.addEventListener('keydown', onKey);
    return () => {
      element.removeEventListener('keydown', onKey);
      if (element.open && typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
      // The form under it is no longer inert: the field can take the focus back.
      announceClosed();
    };
  }, []);

  const pick = (value: string) => {
    onPick(value);
    close();
  };
  const hasCurrent = entries.some((entry) => valueOf(entry) === currentValue);

  const onOptionKey = (event: KeyboardEvent<HTMLDivElement>, value: string) => {
    const move = OPTION_MOVES[event.key];
    if (move !== undefined) {
      event.preventDefault();
      if (
        move === 'previous' &&
        event.currentTarget.previousElementSibling === null &&
        search.current !== null
      ) {
        search.current.focus();
      } else {
        focusSiblingOption(event.currentTarget, move);
      }
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick(value);
    }
  };

  return (
    <dialog
      ref={dialog}
      className={`cd-dialog cd-overlay-picker ${block}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <div className={`${block}__header`}>
        <button type="button" className="cd-icon-button" aria-label={backLabel} onClick={close}>
          <Icon name="arrow_back" />
        </button>
        <h1 id={titleId} className={`${block}__title`}>
          {title}
        </h1>
      </div>
      {searchLabel === null ? null : (
        <div className="cd-field">
          <label className="cd-field__label" htmlFor={searchId}>
            {searchLabel}
          </label>
          <div className="cd-input">
            <input
              ref={search}
              id={searchId}
              className="cd-input__control"
              type="search"
              autoComplete="off"
              value={query}
              onChange={(event) => {
                onQueryChange(event.target.value);
              }}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown') {
                  event.preventDefault();
                  list.current?.querySelector<HTMLElement>('[role="option"]')?.focus();
                } else if (event.key === 'Enter') {
                  event.preventDefault();
                  const [only] = entries;
                  if (only !== undefined && entries.length === 1) pick(valueOf(only));
                }
              }}
            />
          </div>
        </div>
      )}
      <p className={`${block}__empty`} role="status">
        {status}
      </p>
      <div
        ref={list}
        className={`cd-options ${block}__list`}
        role="listbox"
        aria-labelledby={titleId}
      >
        {entries.map((entry, index) => {
          const value = valueOf(entry);
          const chosen = value === currentValue;
          return (
            <div
              key={value}
              className={
                optionClassName === undefined ? 'cd-option' : `cd-option ${optionClassName}`
              }
              role="option"
              aria-selected={chosen}
              tabIndex={(hasCurrent ? chosen : index === 0) ? 0 : -1}
              onClick={() => {
                pick(value);
              }}
              onKeyDown={(event) => {
                onOptionKey(event, value);
              }}
            >
              {renderOption(entry, chosen)}
            </div>
          );
        })}
      </div>
    </dialog>
  );
}
