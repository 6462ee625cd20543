import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
const cdp = await page.context().newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink.user_timing"] });
await page.goto(process.argv[2] ?? "http://127.0.0.1:4191/", { waitUntil: "networkidle" });
await page.waitForTimeout(3000);
const buf = await browser.stopTracing();
const events = JSON.parse(buf.toString()).traceEvents;
const main = events.filter((e) => e.name === "RunTask" && e.dur > 30000);
const t0 = events.find((e) => e.name === "navigationStart")?.ts ?? main[0]?.ts;
for (const task of main) {
  const kids = events.filter((e) => e.tid === task.tid && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && e !== task && e.dur > 3000);
  const summary = {};
  for (const k of kids) { const key = k.name + (k.args?.data?.url ? " " + k.args.data.url.split("/").pop() : "") + (k.args?.data?.functionName ? " fn=" + k.args.data.functionName : ""); summary[key] = Math.max(summary[key] ?? 0, k.dur / 1000); }
  console.log(`task at ${((task.ts - t0) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(0)} ms`);
  for (const [k, v] of Object.entries(summary).sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`   ${v.toFixed(0)} ms ${k}`);
}
await browser.close();
