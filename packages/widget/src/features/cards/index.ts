/**
 * The saved-card screens (SPEC §2 /cards and /withdrawal-cards): the player's saved cards with
 * deletion. app/app-routes.tsx loads this module lazily.
 *
 * @packageDocumentation
 */
export { CardsPage } from './cards-page';
