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
    if (process.env.SIMULATE) await page.evaluate(() => {
      const css = `:root { --ifm-navbar-search-input-placeholder-color: var(--ifm-color-emphasis-700); }
.markdown a:not(.hash-link) { text-decoration: underline; }`;
      const st = document.createElement('style'); st.textContent = css; document.head.appendChild(st);
      document.querySelectorAll('input[type=checkbox]').forEach((i) => i.setAttribute('aria-label', i.checked ? 'Done' : 'Not done'));
      document.getElementById('context-selector')?.setAttribute('aria-label', 'Search in');
      const map = {'rgb(153, 153, 136)': '#626257', 'rgb(227, 17, 108)': '#bc0e5a', 'rgb(54, 172, 170)': '#216b69', 'rgb(0, 164, 219)': '#00698c', 'rgb(215, 58, 73)': '#b2303d', 'rgb(98, 114, 164)': '#8692b9'};
      document.querySelectorAll('pre span[style]').forEach((el) => { const c = el.style.color; if (map[c]) el.style.color = map[c]; });
    });
    const res = await new AxeBuilder({page}).analyze();
    for (const v of res.violations) {
      for (const n of v.nodes) {
        const html = n.html.slice(0, 80); const key = `${scheme} ${v.id} [${v.impact}] :: ${(n.failureSummary||'').replace(/\s+/g,' ').replace(/Fix (any|all) of the following: /,'').slice(0,170)}`;
        if (!agg.has(key)) agg.set(key, []);
        agg.get(key).push(r + ' ' + JSON.stringify(n.target));
      }
    }
  }
  await ctx.close();
}
for (const [k, v] of agg) console.log(k, '\n     on', v.length, 'routes:', [...new Set(v.map(x=>x.split(' ')[0]))].slice(0,6).join(', '), '\n     e.g.', v[0]);
await browser.close();
