/**
 * The saved-card screens (SPEC §2 /cards and /withdrawal-cards): the player's saved cards with
 * deletion; and the tokenization page (SPEC §1, §2 /tokenization_page) that saves one without a
 * payment. app/app-routes.tsx loads this module lazily.
 *
 * @packageDocumentation
 */
export { CardsPage } from './cards-page';
export { TokenizationPage } from './tokenization-page';
