/**
 * The appearance calls of the operator API: themes (`/themes`,
 * `/themes/{name}`), the default theme (`/theme-default`) and the text overrides per language
 * (`/texts/{language}`) and the keys a language may override, with the widget's own texts
 * (`/text-keys/{language}`). Every write bumps the brand's configuration version first in its
 * transaction (If-Match honoured) and is audited in the same transaction.
 *
 * @packageDocumentation
 */
import { OPERATOR_ENDPOINTS } from '@cashdesk/contract';
import type { App } from '../../../http/app-types';
import { ifMatchVersion } from '../../../http/operator-auth';
import { registerEndpoint } from '../../../http/register-endpoint';
import {
  defaultThemeOf,
  deleteTheme,
  getTexts,
  getTheme,
  listThemes,
  putTexts,
  putTheme,
  setDefaultTheme,
  textKeysOf,
} from '../appearance';
import { bumpConfigVersion } from '../version';

/** Registers the theme and text routes. */
export function registerOperatorAppearanceRoutes(app: App): void {
  registerEndpoint(app, OPERATOR_ENDPOINTS.operatorThemeList, async ({ deps, operator }) => ({
    status: 200,
    body: await listThemes(deps.db, operator.brandId),
  }));

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorThemeGet,
    async ({ params, deps, operator }) => ({
      status: 200,
      body: await getTheme(deps.db, operator.brandId, params.name),
    }),
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorThemePut,
    async ({ params, body, headers, deps, operator, audit }) => {
      const theme = await deps.db.transaction(async (tx) => {
        await bumpConfigVersion(tx, operator.brandId, ifMatchVersion(headers['if-match']));
        const change = await putTheme(tx, operator.brandId, params.name, body, deps.clock());
        await audit(tx, { target: `theme:${params.name}`, ...change });
        return change.after;
      });
      return { status: 200, body: theme };
    },
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorThemeDelete,
    async ({ params, headers, deps, operator, audit }) => {
      const theme = await deps.db.transaction(async (tx) => {
        await bumpConfigVersion(tx, operator.brandId, ifMatchVersion(headers['if-match']));
        const deleted = await deleteTheme(tx, operator.brandId, params.name);
        await audit(tx, { target: `theme:${params.name}`, before: deleted, after: null });
        return deleted;
      });
      return { status: 200, body: theme };
    },
  );

  registerEndpoint(app, OPERATOR_ENDPOINTS.operatorThemeDefaultGet, async ({ deps, operator }) => ({
    status: 200,
    body: { name: await defaultThemeOf(deps.db, operator.brandId) },
  }));

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorThemeDefaultPut,
    async ({ body, headers, deps, operator, audit }) => {
      const chosen = await deps.db.transaction(async (tx) => {
        await bumpConfigVersion(tx, operator.brandId, ifMatchVersion(headers['if-match']));
        const change = await setDefaultTheme(tx, operator.brandId, body.name);
        await audit(tx, { target: 'theme-default', ...change });
        return change.after;
      });
      return { status: 200, body: chosen };
    },
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorTextsGet,
    async ({ params, deps, operator }) => ({
      status: 200,
      body: await getTexts(deps.db, operator.brandId, params.language),
    }),
  );

  registerEndpoint(app, OPERATOR_ENDPOINTS.operatorTextKeysGet, ({ params }) =>
    Promise.resolve({ status: 200, body: textKeysOf(params.language) }),
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorTextsPut,
    async ({ params, body, headers, deps, operator, audit }) => {
      const texts = await deps.db.transaction(async (tx) => {
        await bumpConfigVersion(tx, operator.brandId, ifMatchVersion(headers['if-match']));
        const change = await putTexts(
          tx,
          operator.brandId,
          params.language,
          body.texts,
          deps.clock(),
        );
        await audit(tx, { target: `texts:${params.language}`, ...change });
        return change.after;
      });
      return { status: 200, body: texts };
    },
  );
}
