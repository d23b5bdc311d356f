/**
 * Connector routing in the back office (docs/decisions/0110-connector-routing.md), in Chromium
 * against the sandbox server with a second connector (`psp-b`, a sandbox of its own): the demo
 * owner adds rules, orders them with the keyboard, tries a card deposit on the unsaved rules
 * (the rule and 100 % for the sandbox connector), saves, and the operator API then holds the
 * rule; a save at a stale version is refused with the conflict message and nothing written; a
 * refused amount is marked at its field; the screen has no serious or critical accessibility
 * violation, and screenshots at 1280 and 390 px are saved under e2e/artifacts.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { OPERATOR_BASE, RoutingRulesDocument, STAFF_BASE } from '@cashdesk/contract';
import { DESKTOP_CONTEXT, PHONE_CONTEXT, useStackAndBrowser } from './support';
import { BACK_OFFICE_ENV, checkScreen, ownerContexts } from './support/back-office';

const env = useStackAndBrowser({
  env: { ...BACK_OFFICE_ENV, CONNECTORS: 'psp-b', CONNECTOR_PSP_B_KIND: 'sandbox' },
});

const signedIn = ownerContexts(env);

/** The brand's routing rules as the operator API's GET /routing-rules answers them. */
async function savedRules(page: Page): Promise<RoutingRulesDocument> {
  const answer = await page.request.get(`${env.stack.serverUrl}${OPERATOR_BASE}/routing-rules`);
  expect(answer.status()).toBe(200);
  return RoutingRulesDocument.parse(await answer.json());
}

/** A change of the settings through the operator API under the page's session (elsewhere). */
async function changeElsewhere(page: Page): Promise<void> {
  const { serverUrl } = env.stack;
  const session = await page.request.get(`${serverUrl}${STAFF_BASE}/session`);
  const csrf: unknown = Reflect.get(Object(await session.json()), 'csrf_token');
  const answer = await page.request.patch(`${serverUrl}${OPERATOR_BASE}/settings`, {
    headers: { 'x-csrf-token': String(csrf), 'content-type': 'application/json' },
    data: { support_url: 'https://help.routing.cashdesk.test' },
  });
  expect(answer.status()).toBe(200);
}

/** The routing screen, loaded. */
async function openRouting(page: Page): Promise<void> {
  await page.goto(`${env.stack.serverUrl}/back-office/configuration/routing`);
  await page.getByRole('heading', { name: 'Routing rules' }).waitFor();
}

/** Rule `number`'s card. */
const ruleCard = (page: Page, number: number): Locator =>
  page.getByRole('region', { name: new RegExp(`^Rule ${String(number)}: `) });

/** Chooses the pay group whose short name is `shortName` in the dry run. */
async function choosePayGroup(panel: Locator, shortName: string): Promise<void> {
  const select = panel.getByLabel('Pay group');
  const value = await select
    .locator('option', { hasText: `(${shortName})` })
    .first()
    .getAttribute('value');
  await select.selectOption(value ?? '');
}

describe('connector routing in the back office', () => {
  it('adds a rule, tries it before saving, saves it, and refuses a save at a stale version', async () => {
    const { context, page } = await signedIn(DESKTOP_CONTEXT);
    try {
      await openRouting(page);
      // The connectors the server has, the default first, each with its health in words.
      const panel = page.getByRole('region', { name: 'Connectors', exact: true });
      const connectorNames = panel.locator('.bo-routing-connector__name');
      await expect
        .poll(() => connectorNames.allInnerTexts())
        .toEqual([
          expect.stringMatching(/^sandbox\s+Default\s+Healthy$/),
          expect.stringMatching(/^psp-b\s+Healthy$/),
        ]);
      expect(await savedRules(page)).toEqual({ rules: [] });

      // Two rules: the second, for card deposits, is moved above the first with the keyboard.
      await page.getByRole('button', { name: 'Add a rule' }).click();
      await page.getByRole('button', { name: 'Add a rule' }).click();
      const second = ruleCard(page, 2);
      await second.getByLabel('Rule name').fill('Card deposits');
      await second.getByLabel('Flow').selectOption('deposit');
      await second.getByRole('checkbox', { name: 'Card', exact: true }).check();
      expect(await second.getByLabel('Connector 1', { exact: true }).inputValue()).toBe('sandbox');
      expect(await second.getByLabel('Weight of connector 1').inputValue()).toBe('100');
      await second.getByLabel('Cascade on a soft decline').selectOption('yes');
      await second.getByRole('button', { name: 'Add a connector' }).click();
      expect(await second.getByLabel('Connector 2', { exact: true }).inputValue()).toBe('psp-b');
      await expect
        .poll(() => second.locator('.bo-routing-share').allInnerTexts())
        .toEqual(['First for 100 %', 'First for 0 %']);
      await second.getByRole('button', { name: 'Move rule 2 up' }).focus();
      await page.keyboard.press('Enter');
      const first = ruleCard(page, 1);
      await first.getByRole('heading', { name: 'Rule 1: Card deposits' }).waitFor();
      await ruleCard(page, 2).getByRole('heading', { name: 'Rule 2: Rule 1' }).waitFor();
      // The moved card keeps the focus: at the top, on its other move button.
      const focused = () => page.evaluate(() => document.activeElement?.textContent);
      await expect.poll(focused).toBe('Move rule 1 down');
      await ruleCard(page, 2).getByLabel('Rule enabled').selectOption('no');

      // The dry run on the rules as edited, nothing saved yet.
      const dryRun = page.getByRole('region', { name: 'Which connector would take this payment?' });
      await choosePayGroup(dryRun, 'card');
      await dryRun.getByLabel('Card BIN').fill('411111');
      await dryRun.getByRole('button', { name: 'Try it' }).click();
      await dryRun.getByText('Rule 1: Card deposits').waitFor();
      expect(
        await dryRun
          .getByRole('list', { name: 'Connectors in the order they are tried' })
          .getByRole('listitem')
          .allInnerTexts(),
      ).toEqual(['sandbox: First for 100 %', 'psp-b: First for 0 %']);
      await dryRun.getByText('Cascade: on').waitFor();
      expect(await savedRules(page)).toEqual({ rules: [] });
      await checkScreen(page, 'config-routing');

      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved. Players see it at their next visit.').waitFor();
      const saved = await savedRules(page);
      expect(saved).toEqual({
        rules: [
          {
            name: 'Card deposits',
            enabled: true,
            when: { flow: 'deposit', method_kinds: ['card'] },
            connectors: [
              { connector: 'sandbox', weight: 100 },
              { connector: 'psp-b', weight: 0 },
            ],
            cascade: true,
          },
          {
            name: 'Rule 1',
            enabled: false,
            when: {},
            connectors: [{ connector: 'sandbox', weight: 100 }],
            cascade: false,
          },
        ],
      });
      // The screen reads back what was saved.
      await ruleCard(page, 1).getByRole('heading', { name: 'Rule 1: Card deposits' }).waitFor();

      // Someone changes the configuration meanwhile: this page's version is stale.
      await changeElsewhere(page);
      await ruleCard(page, 2).getByRole('button', { name: 'Remove rule 2' }).click();
      await expect.poll(focused).toBe('Add a rule');
      await page.getByRole('button', { name: 'Save' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Someone changed the configuration' })
        .waitFor();
      expect(await savedRules(page)).toEqual(saved);
    } finally {
      await context.close();
    }
  });

  it('marks a refused amount at its field, with nothing saved', async () => {
    const { context, page } = await signedIn(DESKTOP_CONTEXT);
    try {
      await openRouting(page);
      const before = await savedRules(page);
      await page.getByRole('button', { name: 'Add a rule' }).click();
      const added = ruleCard(page, before.rules.length + 1);
      await added.getByLabel('Currencies').fill('EUR');
      await added.getByLabel('Amount from').fill('100');
      const to = added.getByLabel('Amount to');
      await to.fill('10');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('alert').filter({ hasText: 'Nothing was saved' }).waitFor();
      await added
        .locator('.bo-field', { has: page.getByLabel('Amount to') })
        .getByText('Not accepted. Check this value and save again.')
        .waitFor();
      expect(await to.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => to.evaluate((node) => node === document.activeElement)).toBe(true);
      expect(await savedRules(page)).toEqual(before);
    } finally {
      await context.close();
    }
  });

  it('works at phone width (390 px)', async () => {
    const { context, page } = await signedIn(PHONE_CONTEXT);
    try {
      await openRouting(page);
      await page.getByRole('button', { name: 'Add a rule' }).click();
      const dryRun = page.getByRole('region', { name: 'Which connector would take this payment?' });
      await dryRun.getByRole('button', { name: 'Try it' }).click();
      await dryRun.getByRole('list', { name: 'Connectors in the order they are tried' }).waitFor();
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await checkScreen(page, 'config-routing');
    } finally {
      await context.close();
    }
  });
});
