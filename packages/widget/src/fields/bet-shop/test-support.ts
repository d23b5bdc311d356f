/** Test fixtures of the bet-shop field and its overlay: the field definition and two shops. */
import type { BetShop } from '@cashdesk/contract';
import { field } from '../test-support';

/** The withdrawal form's bet-shop field (SPEC §3 select, extended_type bet_shop). */
export const betShop = field({
  name: 'bet_shop',
  type: 'select',
  extended_type: 'bet_shop',
  label: 'PH.FIELD.BET_SHOP',
  is_required: true,
});

const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:00', closes: '18:00' }));

/** Two shops in Berlin: one open on weekdays and Saturday morning, one without hours. */
export const SHOPS: BetShop[] = [
  {
    id: '11',
    name: 'Central',
    address: 'Main St 1',
    city: 'Berlin',
    working_hours: [...weekdays, { day: 6, opens: '10:00', closes: '14:00' }],
  },
  { id: '12', name: 'Station', address: 'Bahnhof 2', city: 'Berlin', working_hours: [] },
];
