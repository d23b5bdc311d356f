import { chromium } from 'playwright-core';
import {
  createApp,
  loadConfig,
  openDatabase,
  seedDatabase,
  serveWidget,
} from '../packages/server/src/index';
const database = await openDatabase({ inMemory: true });
await seedDatabase(database.db);
const config = loadConfig({
  CASHDESK_MODE: 'sandbox',
  LOG_LEVEL: 'warn',
  PORT: '0',
  HOST: '127.0.0.1',
});
const app = await createApp({
  db: database.db,
  config,
  extraRoutes: [serveWidget('packages/widget/dist')],
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const r = await fetch(`${base}/sandbox/sessions`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ player: 'dbg-x1', flow: 'deposit', currency: 'EUR' }),
});
const body = (await r.json()) as any;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
await page.addInitScript(() => {
  const log: string[] = ((window as any).__log = []);
  new MutationObserver(() => {
    const f = document.querySelector('input[autocomplete="cc-number"]') as HTMLInputElement | null;
    if (f)
      log.push(
        `${performance.now().toFixed(0)} field disabled=${f.disabled} busy=${f.closest('[aria-busy="true"]') !== null} inert=${f.closest('[inert]') !== null}`,
      );
  }).observe(document, { subtree: true, childList: true, attributes: true });
});
await page.goto(`${base}/deposit?session_id=${body.session_id}&lang=en-brand0&theme=brand0`);
await page.waitForTimeout(4000);
const entries = await page.evaluate(() =>
  performance
    .getEntriesByType('resource')
    .map((e: any) => `${e.startTime.toFixed(0)}-${e.responseEnd.toFixed(0)} ${e.name.slice(-40)}`),
);
console.log(entries.join('\n'));
console.log((await page.evaluate(() => (window as any).__log)).slice(0, 8).join('\n'));
await browser.close();
await app.close();
await database.close();
