import {chromium} from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const routes = process.argv.slice(2);
const browser = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu']});
const agg = new Map();
for (const scheme of ['light', 'dark']) {
  const ctx = await browser.newContext({storageState: '/tmp/th-run/test-results/.auth/reader.json', baseURL: 'http://127.0.0.1:3100', colorScheme: scheme, viewport: {width: 1280, height: 720}});
  const page = await ctx.newPage();
  for (const r of routes) {
    await page.goto(encodeURI(r));
    await page.getByRole('button', {name: 'Signed in as Demo Reader'}).waitFor({timeout: 8000}).catch(() => { throw new Error('not signed in at ' + page.url()); });
    const res = await new AxeBuilder({page}).analyze();
    for (const v of res.violations) {
      for (const n of v.nodes) {
        const key = `${scheme} ${v.id} [${v.impact}] ${JSON.stringify(n.target)} :: ${(n.failureSummary||'').replace(/\s+/g,' ').slice(0,260)}`;
        if (!agg.has(key)) agg.set(key, []);
        agg.get(key).push(r);
      }
    }
  }
  await ctx.close();
}
for (const [k, v] of agg) console.log(k, '\n     on', v.length, 'routes:', v.slice(0, 4).join(', '));
await browser.close();
