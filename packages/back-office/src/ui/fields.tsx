/**
 * Form fields. A text field is React Aria's TextField: the label, the input, the help text and the error are
 * tied together by the library (ids, aria-describedby, aria-invalid), styled by our CSS.
 */
import { useId } from 'react';
import type { ReactNode } from 'react';
import { FieldError, Input, Label, Text, TextArea, TextField } from 'react-aria-components';

interface TextInputProps {
  readonly label: string;
  readonly name: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly type?: 'text' | 'email' | 'password' | 'date' | 'search';
  readonly description?: string;
  readonly isRequired?: boolean;
  readonly autoComplete?: string;
  readonly inputMode?: 'numeric' | 'decimal' | 'text';
  readonly pattern?: string;
  readonly multiline?: boolean;
  /** The visible lines of a multiline field (default 3). */
  readonly rows?: number;
  readonly maxLength?: number;
  /** Why the value was refused (the server's answer): the field is marked invalid and says so. */
  readonly errorMessage?: string | undefined;
}

export function TextInput(props: TextInputProps): ReactNode {
  return (
    <TextField
      className="bo-field"
      name={props.name}
      value={props.value}
      onChange={props.onChange}
      type={props.type ?? 'text'}
      isRequired={props.isRequired ?? false}
      {...(props.errorMessage === undefined ? {} : { isInvalid: true })}
      {...(props.autoComplete === undefined ? {} : { autoComplete: props.autoComplete })}
      {...(props.inputMode === undefined ? {} : { inputMode: props.inputMode })}
      {...(props.pattern === undefined ? {} : { pattern: props.pattern })}
      {...(props.maxLength === undefined ? {} : { maxLength: props.maxLength })}
    >
      <Label className="bo-label">{props.label}</Label>
      {props.multiline === true ? (
        <TextArea className="bo-input bo-input--area" rows={props.rows ?? 3} />
      ) : (
        <Input className="bo-input" />
      )}
      {props.description === undefined ? null : (
        <Text slot="description" className="bo-help">
          {props.description}
        </Text>
      )}
      <FieldError className="bo-field-error">{props.errorMessage}</FieldError>
    </TextField>
  );
}

/** One option of a {@link SelectField}. */
export interface Option {
  readonly id: string;
  readonly label: string;
}

interface SelectFieldProps {
  readonly label: string;
  readonly name: string;
  readonly value: string;
  readonly options: readonly Option[];
  readonly onChange: (value: string) => void;
  /** A help text under the select, read with it. */
  readonly description?: string;
  /** Why the value was refused (the server's answer): the field is marked invalid and says so. */
  readonly errorMessage?: string | undefined;
}

/**
 * A choice among a short fixed list (a status, a flow, a brand): the platform's own select,
 * labelled. It is accessible and keyboard-usable as it is, opens the phone's own picker, and
 * keeps React Aria's listbox and overlay code (about 20 KB gzip) out of the first screens.
 */
export function SelectField(props: SelectFieldProps): ReactNode {
  const id = useId();
  const invalid = props.errorMessage !== undefined;
  const described = [
    ...(props.description === undefined ? [] : [`${id}-help`]),
    ...(invalid ? [`${id}-error`] : []),
  ];
  return (
    <div className="bo-field">
      <label className="bo-label" htmlFor={id}>
        {props.label}
      </label>
      <select
        id={id}
        className="bo-input bo-select"
        name={props.name}
        value={props.value}
        {...(invalid ? { 'aria-invalid': true } : {})}
        {...(described.length === 0 ? {} : { 'aria-describedby': described.join(' ') })}
        onChange={(event) => {
          props.onChange(event.target.value);
        }}
      >
        {props.options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
      {props.description === undefined ? null : (
        <span id={`${id}-help`} className="bo-help">
          {props.description}
        </span>
      )}
      {invalid ? (
        <span id={`${id}-error`} className="bo-field-error">
          {props.errorMessage}
        </span>
      ) : null}
    </div>
  );
}
