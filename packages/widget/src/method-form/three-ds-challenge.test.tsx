import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { innerResultMessage } from '@cashdesk/domain';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { ThreeDsChallenge } from './three-ds-challenge';

const CHALLENGE = { url: 'https://bank.example/3ds/abc', method: 'GET', fields: {} } as const;

function frame(): HTMLIFrameElement {
  const element = document.querySelector('iframe');
  if (element === null) throw new Error('no challenge frame');
  return element;
}

function post(data: unknown, source: MessageEventSource | null, origin: string) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, source, origin }));
  });
}

describe('3-D Secure challenge in the method page (SPEC §2 /3ds_result, action iframe)', () => {
  it('shows the bank page in a titled frame and moves focus to the explanation', async () => {
    await renderWithApp(
      <ThreeDsChallenge data={CHALLENGE} onResult={vi.fn()} onCancel={vi.fn()} />,
    );
    expect(frame().getAttribute('src')).toBe(CHALLENGE.url);
    expect(frame().title).toBe("Your bank's payment confirmation");
    // The bank page may run and post its form, never navigate the cashier or the host.
    expect(frame().getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Confirm the payment with your bank' }),
    );
  });

  it('takes the result message of its own frame on this origin only', async () => {
    const onResult = vi.fn();
    await renderWithApp(
      <ThreeDsChallenge data={CHALLENGE} onResult={onResult} onCancel={vi.fn()} />,
    );
    const message = innerResultMessage('deposit', 'success', 'tx_1');
    const own = frame().contentWindow;
    post(message, window, window.location.origin); // another window
    post(message, own, 'https://bank.example'); // the bank page itself, before it returned
    post({ ...message, status: 'won' }, own, window.location.origin); // not a result
    expect(onResult).not.toHaveBeenCalled();
    post(message, own, window.location.origin);
    expect(onResult).toHaveBeenCalledWith(message);
  });

  it('opens a POST challenge with its fields through a form aimed at the frame', async () => {
    const submit = vi
      .spyOn(HTMLFormElement.prototype, 'submit')
      .mockImplementation(() => undefined);
    await renderWithApp(
      <ThreeDsChallenge
        data={{ url: 'https://bank.example/acs', method: 'POST', fields: { creq: 'e30' } }}
        onResult={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    const form = document.querySelector('form');
    expect(form?.getAttribute('action')).toBe('https://bank.example/acs');
    expect(form?.getAttribute('target')).toBe(frame().name);
    expect(form?.querySelector('input[name="creq"]')).toHaveProperty('value', 'e30');
    expect(frame().hasAttribute('src')).toBe(false);
    expect(submit).toHaveBeenCalledTimes(1);
    submit.mockRestore();
  });

  it('lets the player go back to the form', async () => {
    const onCancel = vi.fn();
    await renderWithApp(
      <ThreeDsChallenge data={CHALLENGE} onResult={vi.fn()} onCancel={onCancel} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Back to the payment form' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
