import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announce } from '../ui/announcer';
import { RouteFocus } from './route-focus';

vi.mock('../ui/announcer', () => ({ announce: vi.fn() }));

afterEach(() => {
  vi.mocked(announce).mockClear();
});

/** A screen whose heading arrives after a click (its data loading). */
function Late() {
  const [loaded, setLoaded] = useState(false);
  return loaded ? (
    <h1>Late screen</h1>
  ) : (
    <button
      type="button"
      onClick={() => {
        setLoaded(true);
      }}
    >
      load
    </button>
  );
}

/** A control that stays on screen while its overlay opens and closes (the phone's flag button). */
function Opener() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => {
        void navigate('/picker');
      }}
    >
      Country
    </button>
  );
}

function Picker() {
  const navigate = useNavigate();
  return (
    <section>
      <h1>Choose a country</h1>
      {/* A modal picker focuses itself when it opens. */}
      <button
        type="button"
        ref={(element) => element?.focus()}
        onClick={() => {
          void navigate(-1);
        }}
      >
        Close
      </button>
    </section>
  );
}

/**
 * A screen that shows the previous screen's heading for a moment, as the cashier does while the
 * next screen's code loads: its own heading comes after.
 */
function Loading() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    // The code arrives: a callback after the screen was shown.
    queueMicrotask(() => {
      setLoaded(true);
    });
  }, []);
  return loaded ? <h1 key="result">Deposit successful</h1> : <h1 key="previous">Card form</h1>;
}

/** A screen that moves on by itself as it loads, as the automatic method choice does. */
function AutoChoice() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate('/deposit/1', { replace: true });
  }, [navigate]);
  return <h1>Choosing</h1>;
}

function App() {
  return (
    <main id="cashier-main">
      <RouteFocus />
      <Routes>
        <Route
          path="/deposit"
          element={
            <section key="home">
              <h1>Deposit</h1>
              <Link to="/deposit/1">Card</Link>
              <Link to="/deposit/2">Self-focusing</Link>
              <Link to="/deposit/3">Late</Link>
              <Link to="/deposit/4">Pay</Link>
            </section>
          }
        />
        <Route
          path="/deposit/1"
          element={
            <section key="method">
              <h1>Visa / Mastercard</h1>
              <Link to="/deposit">Back</Link>
            </section>
          }
        />
        <Route
          path="/deposit/2"
          element={
            <>
              <h1>Self</h1>
              {/* A screen that focuses its own first field. */}
              <input aria-label="first field" ref={(element) => element?.focus()} />
            </>
          }
        />
        <Route path="/deposit/3" element={<Late />} />
        <Route path="/deposit/4" element={<Loading />} />
        <Route path="/picker" element={<Picker />} />
        <Route path="/auto" element={<AutoChoice />} />
      </Routes>
      <Opener />
    </main>
  );
}

describe('screen changes (focus and announcement, WCAG 2.4.3, 4.1.3)', () => {
  it('the first screen leaves focus where the host page has it; each later screen focuses its heading and announces it politely', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/deposit']}>
        <App />
      </MemoryRouter>,
    );
    expect(document.activeElement).toBe(document.body);
    expect(announce).not.toHaveBeenCalled();
    await user.click(screen.getByRole('link', { name: 'Card' }));
    const heading = screen.getByRole('heading', { level: 1, name: 'Visa / Mastercard' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(announce).toHaveBeenLastCalledWith('Visa / Mastercard', 'polite');
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Deposit' }));
  });

  it('a screen that focused something itself keeps it', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/deposit']}>
        <App />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('link', { name: 'Self-focusing' }));
    expect(document.activeElement).toBe(screen.getByLabelText('first field'));
  });

  it('a heading that arrives later is focused when it appears, unless the player moved focus meanwhile', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/deposit']}>
        <App />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('link', { name: 'Late' }));
    const load = screen.getByRole('button', { name: 'load' });
    // The player's own focus is kept: the button is not lost focus.
    act(() => {
      load.focus();
    });
    await user.click(load);
    // The button went away with the click: focus was lost, and the heading that came takes it.
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 1, name: 'Late screen' }),
    );
  });

  it('closing an overlay returns focus to the control that opened it', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/deposit']}>
        <App />
      </MemoryRouter>,
    );
    const opener = screen.getByRole('button', { name: 'Country' });
    await user.click(opener);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.activeElement).toBe(opener);
  });

  it('a screen the cashier moves to by itself as it loads (the automatic method choice) leaves the focus with the host page; once the player is in, screens focus their heading', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/auto']}>
        <App />
      </MemoryRouter>,
    );
    const method = await screen.findByRole('heading', { level: 1, name: 'Visa / Mastercard' });
    expect(document.activeElement).toBe(document.body);
    expect(method.hasAttribute('tabindex')).toBe(false);
    expect(announce).not.toHaveBeenCalled();
    // The player comes in (here with a click) and goes on: from now on, screens take the focus.
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Deposit' }));
    expect(announce).toHaveBeenLastCalledWith('Deposit', 'polite');
  });

  it('a heading that took the focus and went (the previous screen shown while the next loads) gives it to the heading that came', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/deposit']}>
        <App />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('link', { name: 'Pay' }));
    const result = await screen.findByRole('heading', { level: 1, name: 'Deposit successful' });
    expect(document.activeElement).toBe(result);
    expect(announce).toHaveBeenLastCalledWith('Deposit successful', 'polite');
  });
});
