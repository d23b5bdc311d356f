/**
 * GET /assets/icons/{theme}/ic_24_{name}.svg (SPEC §7 icons): the cashier's icons as SVG files,
 * drawn from the one set the widget shows inline (`@cashdesk/domain` ICON_PATHS), so there is no
 * second copy of an icon. `ic_24_{name}_rtl.svg` is the right-to-left variant, mirrored, of an icon
 * rtlAssets.json lists ({@link RTL_ICON_NAMES}). Every theme has the same drawings, stroked with the
 * current colour (they take the colour of the page that shows them); the theme must still be a
 * theme name. Anything else answers 404. Public and static, cached for a day like rtlAssets.json
 * and, unlike the API's answers, usable by a page of another origin (a brand's page may show the
 * cashier's icons): they carry nothing about anyone. Limited per client address
 * (http/rate-limits.ts).
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import { iconFile, iconSvg, parseThemeName } from '@cashdesk/domain';
import type { App } from '../../../http/app-types';
import { ApiError } from '../../../http/api-error';
import { registerEndpoint } from '../../../http/register-endpoint';
import { RTL_ASSETS_CACHE_CONTROL, RTL_ICON_NAMES } from './rtl-assets';

/** Registers the icon addresses. */
export function registerIconRoutes(app: App): void {
  const mirrored: ReadonlySet<string> = new Set(RTL_ICON_NAMES);
  registerEndpoint(app, ENDPOINTS.icon, ({ params, reply }) => {
    const file = iconFile(params.file);
    if (
      parseThemeName(params.theme) === null ||
      file === null ||
      (file.rtl && !mirrored.has(file.name))
    ) {
      throw new ApiError('notFound', { field: 'params.file', detail: 'no such icon' });
    }
    reply.header('cache-control', RTL_ASSETS_CACHE_CONTROL);
    reply.header('cross-origin-resource-policy', 'cross-origin');
    return Promise.resolve({ status: 200, svg: iconSvg(file.name, { mirrored: file.rtl }) });
  });
}
