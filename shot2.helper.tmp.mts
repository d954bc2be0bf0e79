import {chromium} from '@playwright/test';
import {signInThroughLoginPage} from './shared/loginPage';
const browser = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--no-sandbox']});
const context = await browser.newContext({viewport: {width: 375, height: 667}, baseURL: 'http://127.0.0.1:3100'});
const page = await context.newPage();
await page.goto('/login');
await signInThroughLoginPage(page);
await page.waitForURL('http://127.0.0.1:3100/');
await page.goto('/1.0/intro');
await page.waitForTimeout(1000);
console.log(await page.evaluate(() => {
  const out = [];
  let el = document.querySelector('.navbar__search');
  while (el) { const cs = getComputedStyle(el); out.push(`${el.tagName}.${el.className} pos=${cs.position} ${JSON.stringify(el.getBoundingClientRect())}`); el = el.parentElement; }
  return out.join('\n');
}));
await browser.close();
