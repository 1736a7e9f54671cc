/**
 * npm run bench:lighthouse: Lighthouse's performance and accessibility run (mobile and desktop) on
 * the public pages of issue 25 — home, /normal, a satellite page, /orbitalPredict, /statistics and the
 * large screen /cloud — against the built portal (npm run build first)
 * started on the embedded PGlite, in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
 * Prints per page and form factor: the performance and accessibility scores, LCP, CLS, TBT and the
 * JavaScript transferred. Asserts nothing.
 * BENCH_LIGHTHOUSE_OUT=<folder> also writes each page's final screenshot (JPEG) and report (JSON) there;
 * BENCH_DATA_DIR reuses a PGlite data folder (skips the first start's loading);
 * BENCH_PAGES=/chinese/home,... picks other pages; BENCH_FORM_FACTORS=mobile measures one form factor. Lighthouse 12 (13 needs Node 22.19).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { BENCH_PORT, fmt, root, startServer, stopServer } from './bench-support'

/** The pages of issue 25: home, the archive, a satellite page, orbit prediction, statistics and the large screen. */
const PAGES = (
  process.env.BENCH_PAGES ??
  '/chinese/home,/chinese/normal,/chinese/satellite/chinese/gf1,/chinese/orbitalPredict,/chinese/statistics/coverage-statics,/chinese/cloud'
).split(',')
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const OUT = process.env.BENCH_LIGHTHOUSE_OUT
const FORM_FACTORS = (process.env.BENCH_FORM_FACTORS ?? 'mobile,desktop').split(',') as Array<'mobile' | 'desktop'>

/** Starts Chromium headless with a DevTools port of its choosing; answers that port. */
async function startChromium(profile: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    CHROME,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-extensions',
      '--no-first-run',
      '--no-default-browser-check',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  const port = await new Promise<number>((resolve, reject) => {
    let text = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text)
      if (found) resolve(Number(found[1]))
    })
    child.once('exit', (code) => reject(new Error(`chromium exited with ${code}: ${text.slice(0, 500)}`)))
  })
  return { child, port }
}

interface Figures {
  score: number
  accessibility: number
  lcp: number
  cls: number
  tbt: number
  jsKb: number
  totalKb: number
}

async function run(url: string, formFactor: 'mobile' | 'desktop', port: number, shot: string | undefined): Promise<Figures> {
  const once = () =>
    lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      formFactor === 'desktop' ? desktopConfig : undefined,
    )
  let result = await once()
  // Lighthouse now and then loses the trace (NO_NAVSTART); the page is measured again then
  if (result?.lhr.runtimeError) result = await once()
  if (!result) throw new Error(`no Lighthouse result for ${url}`)
  const { lhr } = result
  const audit = (id: string) => lhr.audits[id]
  const requests = (audit('network-requests')?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> })?.items ?? []
  const bytes = (items: typeof requests) => items.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024
  if (shot) {
    writeFileSync(shot.replace(/\.jpg$/, '.json'), JSON.stringify(lhr))
    const data = (audit('final-screenshot')?.details as { data?: string } | undefined)?.data
    if (data) writeFileSync(shot, Buffer.from(data.replace(/^data:image\/\w+;base64,/, ''), 'base64'))
  }
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint')?.numericValue ?? Number.NaN,
    cls: audit('cumulative-layout-shift')?.numericValue ?? Number.NaN,
    tbt: audit('total-blocking-time')?.numericValue ?? Number.NaN,
    jsKb: bytes(requests.filter((r) => r.resourceType === 'Script')),
    totalKb: bytes(requests),
  }
}

/**
 * Waits until the server sends the page rendered (its first request may get the page the browser
 * renders while the render runs in the background thread): the figures are what visitors get.
 */
async function whenRendered(url: string): Promise<void> {
  const until = Date.now() + 60_000
  while (Date.now() < until) {
    if ((await (await fetch(url)).text()).includes('data-prerendered')) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  console.log(`${url}: not rendered by the server within 60 s; measured as the browser renders it`)
}

async function main() {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) throw new Error('build the portal first: npm run build')
  if (OUT) mkdirSync(OUT, { recursive: true })
  const scratch = mkdtempSync(path.join(tmpdir(), 'rs-bench-lighthouse-'))
  const dataDir = process.env.BENCH_DATA_DIR ?? path.join(scratch, 'data')
  const server = await startServer({ DATA_DIR: dataDir })
  const chromium = await startChromium(path.join(scratch, 'profile'))
  try {
    console.log(
      `# Lighthouse performance and accessibility (${new Date().toISOString()}; PGlite start, ${CHROME}; targets: performance ≥ 95 mobile and 100 desktop, TBT ≤ 200 ms, accessibility ≥ 95, CLS < 0.1, LCP ≤ 2.5 s)`,
    )
    for (const page of PAGES) {
      await whenRendered(`http://127.0.0.1:${BENCH_PORT}${page}`)
      for (const formFactor of FORM_FACTORS) {
        const name = `${page.replace(/^\/chinese\//, '').replaceAll('/', '-')}-${formFactor}`
        const f = await run(
          `http://127.0.0.1:${BENCH_PORT}${page}`,
          formFactor,
          chromium.port,
          OUT ? path.join(OUT, `${name}.jpg`) : undefined,
        )
        console.log(
          `${page} ${formFactor}: performance ${f.score}, accessibility ${f.accessibility}, LCP ${fmt(f.lcp / 1000)} s, CLS ${f.cls.toFixed(3)}, TBT ${Math.round(f.tbt)} ms, JS ${Math.round(f.jsKb)} KB transferred (all ${Math.round(f.totalKb)} KB)`,
        )
      }
    }
  } finally {
    chromium.child.kill('SIGKILL')
    await stopServer(server)
    rmSync(scratch, { recursive: true, force: true })
  }
}

await main()
process.exit(0)
