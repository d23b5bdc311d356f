import type { FormField } from '@cashdesk/domain';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { loadedFieldComponent, useFieldCode } from './field-code';
import { FieldView } from './field-view';
import { EUR_CONTEXT, field } from './test-support';

const USER_PHONE = field({ name: 'phone', type: 'user_phone', is_read_only: true });
const TEXT = field({ name: 'iban', type: 'input' });

function renderPhone(definition: FormField) {
  return renderWithApp(
    <FieldView
      field={definition}
      value="+4915112345678"
      error={null}
      onChange={() => undefined}
      onBlur={() => undefined}
      context={EUR_CONTEXT}
    />,
  );
}

// The order matters: the first test sees the phone code not downloaded yet (the module's cache
// lives as long as this file).
describe('useFieldCode: a method form appears whole (no field code arrives after it is shown)', () => {
  it('holds a form with a phone field back until the phone code is here, then says ready', async () => {
    expect(loadedFieldComponent('userPhoneVisible')).toBeNull();
    const { result } = renderHook(() => useFieldCode([TEXT, USER_PHONE]));
    expect(result.current).toBe(false);
    await waitFor(() => {
      expect(result.current).toBe(true);
    });
    expect(loadedFieldComponent('userPhoneVisible')).not.toBeNull();
  });

  it('once the code is here, the phone field is on screen at its first render, with no placeholder', async () => {
    await renderPhone(USER_PHONE);
    // Synchronously after the render: the field itself, not the field-sized skeleton.
    expect(document.querySelector('.cd-skeleton__bar')).toBeNull();
    expect(document.querySelector('input[type="tel"]')).not.toBeNull();
  });

  it('is ready at once for no form and for a form of fields that are always there', () => {
    expect(renderHook(() => useFieldCode(null)).result.current).toBe(true);
    expect(renderHook(() => useFieldCode([TEXT])).result.current).toBe(true);
    expect(renderHook(() => useFieldCode([TEXT, USER_PHONE])).result.current).toBe(true);
  });
});
