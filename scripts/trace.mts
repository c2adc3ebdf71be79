import { chromium } from 'playwright-core';
import { writeFileSync } from 'node:fs';
for (let i = 0; i < 60; i++) { try { await fetch('http://127.0.0.1:5077/api/health'); break; } catch { await new Promise(r => setTimeout(r, 500)); } }
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync'] });
const ctx = await b.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
const p = await ctx.newPage();
await p.goto('http://127.0.0.1:5077/courses'); // warm server caches
const p2 = await ctx.newPage();
const cdp = await ctx.newCDPSession(p2);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await b.startTracing(p2, { categories: ['devtools.timeline','disabled-by-default-devtools.timeline','v8.execute','blink.user_timing','toplevel','disabled-by-default-v8.cpu_profiler'] });
await p2.goto('http://127.0.0.1:5077/courses', { waitUntil: 'load' });
await p2.waitForTimeout(4500);
const buf = await b.stopTracing();
writeFileSync('/tmp/trace.json', buf);
await b.close();
