import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
for (const [w, h, times] of [[1280, 720, [4, 9, 14]], [375, 800, [9, 14]]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto("http://127.0.0.1:3260/");
  if (w === 375) await page.locator("#hero [data-device-tilt]").scrollIntoViewIfNeeded();
  let last = 0;
  for (const t of times) { await page.waitForTimeout((t - last) * 1000); last = t; await page.screenshot({ path: `/tmp/shots/h-${w}-${t}.png` }); }
  await page.close();
}
await browser.close();
