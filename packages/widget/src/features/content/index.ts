/**
 * The content page (SPEC §2 /content, §7 content page).
 *
 * @packageDocumentation
 */
export { ContentPage } from './content-page';
