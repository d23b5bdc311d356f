/**
 * The bare React 19 page bench/widget.ts measures beside the widget: a title and one card number
 * field, built by the widget's own Vite config and served by the same server code.
 */
import { createElement as h, StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

function CardForm() {
  const [number, setNumber] = useState('');
  return h(
    'main',
    null,
    h('h1', null, 'Deposit with a card'),
    h(
      'form',
      { onSubmit: (event) => event.preventDefault() },
      h(
        'label',
        null,
        'Card number',
        h('input', {
          autoComplete: 'cc-number',
          inputMode: 'numeric',
          value: number,
          onChange: (event) => setNumber(event.target.value),
        }),
      ),
      h('button', { type: 'submit' }, 'Deposit'),
    ),
  );
}

const root = globalThis.document.getElementById('root');
if (root === null) throw new Error('no #root');
createRoot(root).render(h(StrictMode, null, h(CardForm)));
