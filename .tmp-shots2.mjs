import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
for (const w of [1280, 1024]) {
  const page = await browser.newPage({ viewport: { width: w, height: 900 } });
  await page.goto("http://127.0.0.1:3260/#business-examples");
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/biz-${w}.png` });
  await page.goto("http://127.0.0.1:3260/#integrations");
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/int-${w}.png` });
  const info = await page.evaluate(() => {
    const out = [];
    for (const id of ["business-examples", "join-waitlist", "features", "integrations"]) {
      const s = document.getElementById(id); if (!s) continue;
      const inner = s.querySelector(":scope > div"); const r = (inner ?? s).getBoundingClientRect(); out.push([id, Math.round(r.left), Math.round(r.width)]);
    }
    return out;
  });
  console.log(w, JSON.stringify(info));
  await page.close();
}
await browser.close();
