/**
 * GET /metadata/default/rtlAssets.json (SPEC §7): the icons that have a right-to-left variant.
 * The widget caches the list in browser storage and, on a right-to-left page, asks for the
 * variant of each listed icon (SPEC §7 icon addresses). Public and static: the answer is the
 * same for everyone, so browsers and CDNs may cache it for a day.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { RtlAssetsResponse } from '@cashdesk/contract';
import type { App } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';

/**
 * Icons whose meaning follows the reading direction, so a right-to-left page shows them
 * mirrored: arrows and chevrons that point "back" or "forward", and actions drawn along the
 * line of text (send, undo, redo, list and text-direction glyphs). Icons that show real-world
 * objects (card, lock, phone, clock) or are symmetric are not listed. Sorted, no repeats.
 */
export const RTL_ICON_NAMES: readonly string[] = [
  'arrow_back',
  'arrow_forward',
  'arrow_left',
  'arrow_right',
  'chevron_left',
  'chevron_right',
  'exit',
  'first_page',
  'format_list',
  'last_page',
  'logout',
  'open_in_new',
  'redo',
  'reply',
  'send',
  'undo',
];

/** The Cache-Control of the list: public, one day. */
export const RTL_ASSETS_CACHE_CONTROL = 'public, max-age=86400';

/** Registers GET /metadata/default/rtlAssets.json. */
export function registerRtlAssetsRoutes(app: App): void {
  const body: RtlAssetsResponse = { rtlImages: [...RTL_ICON_NAMES] };
  registerEndpoint(app, ENDPOINTS.rtlAssets, ({ reply }) => {
    reply.header('cache-control', RTL_ASSETS_CACHE_CONTROL);
    return Promise.resolve({ status: 200, body });
  });
}
