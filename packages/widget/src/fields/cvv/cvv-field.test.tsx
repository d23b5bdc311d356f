import { createCvvField } from '@cashdesk/domain';
import type { FieldValue } from '@cashdesk/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { EUR_CONTEXT, Harness, textOf } from '../test-support';
import type { FieldContext } from '../types';
import { truncateText } from '../../ui/truncate';

const cvv = createCvvField();

async function renderCvv(cardType: string | null = null) {
  const values: FieldValue[] = [];
  const context: FieldContext = { ...EUR_CONTEXT, cvv: { required: true, cardType } };
  await renderWithApp(
    <Harness field={cvv} context={context} onValue={(value) => values.push(value)} />,
  );
  return { values, input: screen.getByRole('textbox') };
}

describe('CVV input (SPEC §5 CVV: digits only, 3 by default, 4 for American Express)', () => {
  it('keeps digits only and stops at 3', async () => {
    const { input, values } = await renderCvv();
    await userEvent.type(input, '1a2b34');
    expect(input).toHaveProperty('value', '123');
    expect(values.at(-1)).toBe('123');
  });

  it('takes 4 digits for American Express', async () => {
    const { input } = await renderCvv('american-express');
    await userEvent.type(input, '12345');
    expect(input).toHaveProperty('value', '1234');
  });

  it('uses the numeric keyboard, cc-csc autofill and is marked required', async () => {
    const { input } = await renderCvv();
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('cc-csc');
    expect(input.getAttribute('aria-required')).toBe('true');
  });
});

describe('CVV tooltip (SPEC §2 info icon; §9 328 px, title 60 and text 160 characters)', () => {
  it('opens from the keyboard, shows title, body and accept, and Escape closes it', async () => {
    await renderCvv();
    const info = screen.getByRole('button', { name: await textOf('FIELDS.CVV.INFO') });
    await userEvent.tab();
    expect(document.activeElement).toBe(info);
    await userEvent.keyboard('{Enter}');
    expect(info.getAttribute('aria-expanded')).toBe('true');
    const tooltip = screen.getByRole('dialog', { name: await textOf('PH.TOOLTIP.CVV.TITLE') });
    expect(tooltip.textContent).toContain(await textOf('PH.TOOLTIP.CVV.BODY'));
    const accept = screen.getByRole('button', { name: await textOf('PH.BUTTON.ACCEPT') });
    expect(document.activeElement).toBe(accept);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(info);
  });

  it('closes with the accept button', async () => {
    await renderCvv();
    await userEvent.click(screen.getByRole('button', { name: await textOf('FIELDS.CVV.INFO') }));
    await userEvent.click(screen.getByRole('button', { name: await textOf('PH.BUTTON.ACCEPT') }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('truncates at the limit with an ellipsis and leaves shorter text alone', () => {
    const title = 'x'.repeat(61);
    expect(truncateText(title, 60)).toBe(`${'x'.repeat(60)}…`);
    expect(truncateText('x'.repeat(60), 60)).toBe('x'.repeat(60));
    expect(Array.from(truncateText('y'.repeat(200), 160))).toHaveLength(161);
  });
});
