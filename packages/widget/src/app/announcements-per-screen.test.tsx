import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { announce, LIVE_REGION_IDS } from '../ui/announcer';
import { AnnouncementsPerScreen } from './announcements-per-screen';

/** The method form: an error said assertively, then a payment that goes through. */
function MethodForm() {
  const navigate = useNavigate();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          announce('There are 2 errors in the form.', 'assertive');
        }}
      >
        Check
      </button>
      <button
        type="button"
        onClick={() => {
          void navigate('/deposit/deposit-success');
        }}
      >
        Pay
      </button>
      <button
        type="button"
        onClick={() => {
          // An error said in the same moment the screen changes (no frame in between).
          announce('The card was declined.', 'assertive');
          void navigate('/deposit/deposit-success');
        }}
      >
        Pay at once
      </button>
    </>
  );
}

/** The success page announces itself from its effect, as the result page does. */
function SuccessPage() {
  useEffect(() => {
    announce('Deposit successful', 'polite');
  }, []);
  return <h1>Deposit successful</h1>;
}

function renderCashier() {
  return render(
    <MemoryRouter initialEntries={['/deposit/card']}>
      <AnnouncementsPerScreen />
      <Routes>
        <Route path="/deposit/card" element={<MethodForm />} />
        <Route path="/deposit/deposit-success" element={<SuccessPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The two live regions of index.html. */
function regions() {
  const polite = document.getElementById(LIVE_REGION_IDS.polite);
  const assertive = document.getElementById(LIVE_REGION_IDS.assertive);
  if (polite === null || assertive === null) throw new Error('no live regions');
  return { polite, assertive };
}

/** Lets the next animation frame run (the announcer writes on it). */
async function nextFrame() {
  await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

beforeEach(() => {
  for (const [politeness, id] of Object.entries(LIVE_REGION_IDS)) {
    const region = document.createElement('div');
    region.id = id;
    region.setAttribute('aria-live', politeness);
    document.body.append(region);
  }
});

afterEach(() => {
  for (const id of Object.values(LIVE_REGION_IDS)) document.getElementById(id)?.remove();
});

describe('live regions per screen (SPEC §2 routes: each screen starts with them empty)', () => {
  it('a success page does not carry the error the method form said', async () => {
    const user = userEvent.setup();
    renderCashier();
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await nextFrame();
    expect(regions().assertive.textContent).toBe('There are 2 errors in the form.');

    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await screen.findByRole('heading', { name: 'Deposit successful' });
    expect(regions().assertive.textContent).toBe('');
    // The new screen's own announcement, made in the same render, is kept.
    await nextFrame();
    expect(regions().polite.textContent).toBe('Deposit successful');
    expect(regions().assertive.textContent).toBe('');
  });

  it('an error not yet written when the screen changes is dropped', async () => {
    const user = userEvent.setup();
    renderCashier();
    await user.click(screen.getByRole('button', { name: 'Pay at once' }));
    await screen.findByRole('heading', { name: 'Deposit successful' });
    await nextFrame();
    await nextFrame();
    expect(regions().assertive.textContent).toBe('');
    expect(regions().polite.textContent).toBe('Deposit successful');
  });

  it('announcements within one screen are unchanged', async () => {
    const user = userEvent.setup();
    renderCashier();
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await nextFrame();
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await nextFrame();
    expect(regions().assertive.textContent).toBe('There are 2 errors in the form.');
  });
});
