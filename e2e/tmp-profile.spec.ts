import { test } from '@playwright/test'
import { writeFileSync } from 'node:fs'

test('profile home', async ({ page, request }) => {
  for (let i = 0; i < 40; i++) { if ((await (await request.get('/chinese/home')).text()).includes('data-prerendered')) break; await page.waitForTimeout(500) }
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  await page.goto('/chinese/home')
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1000)
  const { profile } = await cdp.send('Profiler.stop')
  writeFileSync('/tmp/home.cpuprofile', JSON.stringify(profile))
  const byId = new Map(profile.nodes.map((n: any) => [n.id, n]))
  const self = new Map<number, number>()
  const dt = profile.timeDeltas
  profile.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)))
  const byUrl = new Map<string, number>(); const byFn = new Map<string, number>()
  for (const [id, us] of self) { const n: any = byId.get(id); const url = (n.callFrame.url || '(native)').replace(/.*\/assets\//, ''); byUrl.set(url, (byUrl.get(url) ?? 0) + us); const fn = `${n.callFrame.functionName || '(anon)'} ${url}:${n.callFrame.lineNumber}`; byFn.set(fn, (byFn.get(fn) ?? 0) + us) }
  const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([n, us]) => `${(us / 1000).toFixed(1)} ms  ${n}`).join('\n')
  console.log('BY SCRIPT\n' + top(byUrl, 15) + '\nBY FUNCTION\n' + top(byFn, 30))
})
