import { FILE_ACCEPTED_TYPES, checkFileUpload, ICON_SIZE_REGULAR_BUTTON } from '@cashdesk/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announce } from '../../ui/announcer';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Icon } from '../../ui/icon';
import { describedBy, FieldShell } from '../shared/field-shell';
import { useFieldA11y } from '../shared/use-field-a11y';
import { textOf } from '../input/input-field';
import type { FieldViewProps } from '../types';
import { readFileHead } from './read-head';
import './file-upload.css';

/** What the file input offers in the system picker (SPEC §5 accepted types). */
const ACCEPT =
  '.pdf,.heic,.heif,.jpg,.jpeg,.png,application/pdf,image/heic,image/heif,image/jpeg,image/png';

/** The upload dialog's message: the domain's refusal, as a translation key with its params. */
interface Refusal {
  readonly key: string;
  readonly params: Readonly<Record<string, string>>;
}

/**
 * SPEC §2 file upload, §4 file upload, §5 file types, §8 upload errors: an add-files button
 * (it opens the system's picker through a hidden native file input), then a row with the file name and a
 * delete button. A picked file is checked by its first bytes (domain checkFileUpload with
 * sniffFileType): a wrong type or more than 20 MB opens the upload-error dialog with the
 * max-size message and an accept button, and clears the input. An accepted file is posted by
 * context.onUpload; on failure the field shows its message (the method page picks
 * PH.DEPOSIT.UPLOAD_DOC.LIMIT_UPLOAD_ERROR or UPLOAD_ERROR with domain uploadFailureKey). The
 * value is the uploaded file's name ('' when none).
 */
export function FileUploadField({
  field,
  value,
  error,
  onChange,
  inputRef,
  context,
}: FieldViewProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shownError = uploadError === null ? error : { key: uploadError };
  const a11y = useFieldA11y(field, shownError);
  const fileName = textOf(value);
  // The button a player used goes away with an upload or a removal (the add button becomes the
  // file's row, and back); focus moves to the control that took its place instead of falling to the
  // document.
  const addButton = useRef<HTMLButtonElement | null>(null);
  const deleteButton = useRef<HTMLButtonElement | null>(null);
  const focusNext = useRef<'add' | 'delete' | null>(null);
  useEffect(() => {
    const target =
      focusNext.current === 'add'
        ? addButton.current
        : focusNext.current === 'delete'
          ? deleteButton.current
          : null;
    if (target === null || target.disabled) return;
    focusNext.current = null;
    target.focus();
  }, [fileName, busy]);

  const clearInput = () => {
    if (input.current !== null) input.current.value = '';
  };

  const onFile = async (file: File) => {
    setUploadError(null);
    const head = await readFileHead(file);
    const check = checkFileUpload({
      name: file.name,
      mimeType: file.type,
      size: file.size,
      ...(head === undefined ? {} : { head }),
    });
    if (!check.accepted) {
      clearInput();
      setRefusal({ key: check.error.key, params: { ...check.error.params } });
      return;
    }
    if (context.onUpload === undefined) {
      onChange(file.name);
      return;
    }
    setBusy(true);
    announce(t('FIELDS.UPLOAD.UPLOADING', { name: file.name }), 'polite');
    const result = await context.onUpload(file);
    setBusy(false);
    clearInput();
    focusNext.current = result.ok ? 'delete' : 'add';
    if (result.ok) {
      onChange(file.name);
      announce(t('FIELDS.UPLOAD.UPLOADED', { name: file.name }), 'polite');
    } else {
      setUploadError(result.errorKey);
      onChange('');
    }
  };

  return (
    <FieldShell a11y={a11y} hideLabel>
      <span className="cd-field__label" id={`${a11y.id}-label`}>
        {a11y.label}
      </span>
      {/* The system's file picker only: hidden from everyone, so assistive technology meets one
          "Add files" control, the button, which opens it (input.click() works on a hidden input). */}
      <input
        ref={(element) => {
          input.current = element;
        }}
        id={a11y.id}
        type="file"
        accept={ACCEPT}
        hidden
        disabled={field.isDisabled || busy}
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file !== undefined) void onFile(file);
        }}
      />
      {fileName === '' ? (
        <button
          ref={(element) => {
            addButton.current = element;
            inputRef?.(element);
          }}
          id={`${a11y.id}-button`}
          type="button"
          className="cd-button cd-button--secondary cd-upload__add"
          disabled={field.isDisabled || busy}
          aria-describedby={describedBy(a11y, false)}
          onClick={() => {
            input.current?.click();
          }}
        >
          <Icon name="upload" size={ICON_SIZE_REGULAR_BUTTON} />
          {busy ? t('FIELDS.UPLOAD.UPLOADING_SHORT') : t('FIELDS.UPLOAD.ADD')}
        </button>
      ) : (
        <div className="cd-upload__row">
          <Icon name="check" size={ICON_SIZE_REGULAR_BUTTON} />
          <span className="cd-upload__name">{fileName}</span>
          <button
            ref={(element) => {
              deleteButton.current = element;
              inputRef?.(element);
            }}
            type="button"
            className="cd-icon-button"
            aria-label={t('FIELDS.UPLOAD.DELETE', { name: fileName })}
            disabled={field.isDisabled}
            onClick={() => {
              focusNext.current = 'add';
              clearInput();
              setUploadError(null);
              onChange('');
            }}
          >
            <Icon name="delete" size={ICON_SIZE_REGULAR_BUTTON} />
          </button>
        </div>
      )}
      <Dialog
        open={refusal !== null}
        role="alertdialog"
        title={t('FIELDS.UPLOAD.ERROR_TITLE')}
        onClose={() => {
          setRefusal(null);
        }}
        actions={
          <Button
            onClick={() => {
              setRefusal(null);
            }}
          >
            {t('PH.BUTTON.ACCEPT')}
          </Button>
        }
      >
        <p>
          {refusal === null
            ? null
            : t(refusal.key, { ...refusal.params, types: FILE_ACCEPTED_TYPES.join(', ') })}
        </p>
        <p>{t('FIELDS.UPLOAD.RULES', { maxMegabytes: refusal?.params.maxMegabytes ?? '20' })}</p>
      </Dialog>
    </FieldShell>
  );
}
