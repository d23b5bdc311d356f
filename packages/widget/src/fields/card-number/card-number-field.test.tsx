import type { FieldValue } from '@cashdesk/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { field, Harness, textOf } from '../test-support';

const cardPan = field({
  name: 'card_pan',
  type: 'input',
  extended_type: 'card_pan',
  label: 'PH.FIELD.CARD_NUMBER',
  is_required: true,
});

describe('card number (SPEC §2 card entry, §5 card number input)', () => {
  it('SPEC §5: groups digits by 4, at most 19 digits, and reports the digits without spaces', async () => {
    const values: FieldValue[] = [];
    await renderWithApp(<Harness field={cardPan} onValue={(value) => values.push(value)} />);
    const input = screen.getByLabelText(await textOf('PH.FIELD.CARD_NUMBER'));
    await userEvent.type(input, '4111-1111 1111x11112222');
    expect(input).toHaveProperty('value', '4111 1111 1111 1111 222');
    expect(values.at(-1)).toBe('4111111111111111222');
  });

  it('SPEC §5: a 19-digit Maestro is typed whole, not cut to 16 digits', async () => {
    const values: FieldValue[] = [];
    await renderWithApp(<Harness field={cardPan} onValue={(value) => values.push(value)} />);
    const input = screen.getByLabelText(await textOf('PH.FIELD.CARD_NUMBER'));
    await userEvent.type(input, '67590000000000000059');
    expect(input).toHaveProperty('value', '6759 0000 0000 0000 005');
    expect(values.at(-1)).toBe('6759000000000000005');
  });

  it('SPEC §5: Arabic-Indic digits are read as the card number, never dropped', async () => {
    const values: FieldValue[] = [];
    await renderWithApp(<Harness field={cardPan} onValue={(value) => values.push(value)} />);
    const input = screen.getByLabelText(await textOf('PH.FIELD.CARD_NUMBER'));
    await userEvent.type(input, '٤١١١١١١١١١١١١١١١');
    expect(input).toHaveProperty('value', '4111 1111 1111 1111');
    expect(values.at(-1)).toBe('4111111111111111');
    expect(screen.getByRole('img', { name: 'Visa' })).toBeDefined();
  });

  it('shows the detected brand as an image named by the brand', async () => {
    await renderWithApp(<Harness field={cardPan} initial="5555" />);
    expect(screen.getByRole('img', { name: 'Mastercard' })).toBeDefined();
  });

  it.each([
    ['4111 1111', 'Visa', 'visa'],
    ['5555', 'Mastercard', 'mastercard'],
    ['6759 0000', 'Maestro', 'maestro'],
    ['34', 'American Express', 'american-express'],
    ['2200', 'Mir', 'mir'],
    ['6200 0000 0000 0000', 'UnionPay', 'unionpay'],
  ])(
    'SPEC §2 card number, §5 card types: a number starting %s shows the real %s mark, an SVG named by the brand',
    async (digits, name, mark) => {
      await renderWithApp(<Harness field={cardPan} initial={digits} />);
      const image = await screen.findByRole('img', { name });
      await vi.waitFor(() => {
        expect(screen.getByRole('img', { name }).tagName.toLowerCase()).toBe('svg');
      });
      expect(screen.getByRole('img', { name }).getAttribute('data-mark')).toBe(mark);
      expect(image.textContent).not.toMatch(/VISA|MAST/);
      expect(screen.queryByText(/^(VISA|MAST|AE|MIR)$/)).toBeNull();
    },
  );

  it('shows no brand while nothing is typed', async () => {
    await renderWithApp(<Harness field={cardPan} initial="" />);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('uses the numeric keyboard and cc-number autofill', async () => {
    await renderWithApp(<Harness field={cardPan} />);
    const input = screen.getByRole('textbox');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('cc-number');
  });

  it('reports blur for the on-blur Luhn check and shows its error', async () => {
    const onBlur = vi.fn();
    const error = { key: 'PH.ERROR.INCORRECT_CARD_NUMBER' };
    await renderWithApp(<Harness field={cardPan} error={error} onBlur={onBlur} />);
    const input = screen.getByRole('textbox');
    await userEvent.click(input);
    await userEvent.tab();
    expect(onBlur).toHaveBeenCalledTimes(1);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const message = screen.getByText(await textOf(error.key));
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
  });

  it('keeps the caret where a digit is corrected in the middle', async () => {
    await renderWithApp(<Harness field={cardPan} initial="41111111" />);
    const input = screen.getByRole<HTMLInputElement>('textbox');
    await userEvent.click(input);
    input.setSelectionRange(2, 2);
    await userEvent.keyboard('9');
    expect(input.value).toBe('4191 1111 1');
    expect(input.selectionStart).toBe(3);
  });
});
