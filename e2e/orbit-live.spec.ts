import type { Page } from '@playwright/test'
import { expect, loginThroughPopup, mapRenderMark, test, untilMapRendered, watchPage } from './support'

/**
 * The live map of 100 satellites (issue 12, speed): 吉林一号 (78), SkySat (15) and WorldView (9)
 * chosen on the SELECT tab, their current positions and swaths moved every second. The journey
 * checks that they appear, move on and are drawn again. The benchmark (`npm run bench:browser`, the
 * @bench test) measures in Chromium: frames per second by counting requestAnimationFrame callbacks,
 * and long tasks (over 50 ms on the main thread) by PerformanceObserver, for 10 s with the map still
 * and 10 s while it is dragged, and prints the figures.
 */

/** Measures for `ms` in the page; `during` runs meanwhile and is told whether the measurement still runs. */
async function measure(page: Page, ms: number, during?: (isMeasuring: () => boolean) => Promise<void>) {
  const done = page.evaluate(
    (duration) =>
      new Promise<{ fps: number; longTasks: number; longestMs: number; totalLongMs: number; worstFrameMs: number }>((resolve) => {
        const tasks: number[] = []
        const observer = new PerformanceObserver((list) => {
          for (const e of list.getEntries()) tasks.push(e.duration)
        })
        observer.observe({ type: 'longtask', buffered: false })
        let frames = 0
        let last = performance.now()
        let worst = 0
        const start = last
        const step = (now: number) => {
          frames++
          worst = Math.max(worst, now - last)
          last = now
          if (now - start < duration) requestAnimationFrame(step)
          else {
            observer.disconnect()
            resolve({
              fps: (frames * 1000) / (now - start),
              longTasks: tasks.length,
              longestMs: Math.max(0, ...tasks),
              totalLongMs: tasks.reduce((a, b) => a + b, 0),
              worstFrameMs: worst,
            })
          }
        }
        requestAnimationFrame(step)
      }),
    ms,
  )
  let isMeasuring = true
  const stop = () => {
    isMeasuring = false
  }
  void done.then(stop, stop)
  if (during) await during(() => isMeasuring)
  return done
}

/** Opens 轨道预测 logged in, its base map drawn. */
async function openLoggedIn(page: Page) {
  await page.setViewportSize({ width: 1440, height: 1000 })
  await page.goto('/chinese/home')
  await loginThroughPopup(page, 'user', 'User@2026', () => page.goto('/chinese/orbitalPredict'))
  await expect(page.getByTestId('map-canvas').locator('canvas').first()).toBeVisible()
  await untilMapRendered(page)
}

/** Chooses the 100 satellites and waits until their later positions are drawn; answers how many move. */
async function liveMap(page: Page) {
  await page.getByTestId('orbit-satellites').click()
  for (const name of ['吉林一号卫星星座', 'SkySat卫星星座', 'WorldView卫星系列'])
    await page.locator('.ant-select-tree-treenode').filter({ hasText: name }).locator('.ant-select-tree-checkbox').click()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('orbit-elements')).toContainText('+')
  // the live layer: one point and swath per satellite (the screen says how many it moves)
  await expect(page.getByTestId('orbit-screen')).toHaveAttribute('data-live-count', /^(10[0-9]|9[5-9])$/, { timeout: 15_000 })
  // the satellites have moved on (a later second's positions) and the map has drawn them
  const tickCount = () => page.evaluate(() => performance.getEntriesByName('orbit-live-tick').length)
  const [ticksBefore, framesBefore] = [await tickCount(), await mapRenderMark(page)]
  await expect.poll(tickCount).toBeGreaterThan(ticksBefore)
  await untilMapRendered(page, framesBefore)
  return page.getByTestId('orbit-screen').getAttribute('data-live-count')
}

test('the live map of 100 satellites moves them every second and draws them', async ({ page }) => {
  const watched = watchPage(page)
  await openLoggedIn(page)
  await liveMap(page)
  // and again: the positions keep coming, each drawn
  const tickCount = () => page.evaluate(() => performance.getEntriesByName('orbit-live-tick').length)
  const [ticksBefore, framesBefore] = [await tickCount(), await mapRenderMark(page)]
  await expect.poll(tickCount).toBeGreaterThan(ticksBefore + 1)
  await untilMapRendered(page, framesBefore)
  expect(watched.errors).toEqual([])
})

test('@bench the live map of 100 satellites keeps drawing while they move', async ({ page }) => {
  test.setTimeout(180_000)
  const watched = watchPage(page)
  await openLoggedIn(page)
  const box = await page.getByTestId('map-canvas').boundingBox()
  if (!box) throw new Error('no map')
  // the pointer goes round while the measurement runs, each step once the page has drawn the one before
  const nextFrame = () => page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))))
  const drag = async (isMeasuring: () => boolean) => {
    const x = box.x + box.width / 2
    const y = box.y + box.height / 2
    await page.mouse.move(x, y)
    await page.mouse.down()
    for (let i = 0; isMeasuring(); i++) {
      await page.mouse.move(x + 150 * Math.sin(i / 8), y + 100 * Math.cos(i / 8))
      await nextFrame()
    }
    await page.mouse.up()
  }
  // the same drag with no satellite: what the map costs by itself, once its base map is drawn
  const bare = await measure(page, 10_000, drag)

  const count = await liveMap(page)
  await page.evaluate(() => performance.clearMeasures('orbit-live-tick'))
  const still = await measure(page, 10_000)
  const dragged = await measure(page, 10_000, drag)
  const ticks = await page.evaluate(() => performance.getEntriesByName('orbit-live-tick').map((e) => e.duration))
  const tickMs = ticks.sort((a, b) => a - b)
  const median = tickMs[Math.floor(tickMs.length / 2)] ?? 0
  const worstTick = tickMs[tickMs.length - 1] ?? 0
  const figures = (m: typeof still) =>
    `${m.fps.toFixed(1)} fps, ${m.longTasks} long tasks (longest ${m.longestMs.toFixed(0)} ms, total ${m.totalLongMs.toFixed(0)} ms), worst frame ${m.worstFrameMs.toFixed(0)} ms`
  console.log(`live map, no satellite, dragged: ${figures(bare)}`)
  console.log(
    `live map of ${count} satellites: one second's positions and swaths take ${median.toFixed(1)} ms (median of ${tickMs.length}), at most ${worstTick.toFixed(1)} ms on the main thread`,
  )
  console.log(`live map of ${count} satellites, still: ${figures(still)}; dragged: ${figures(dragged)}`)
  expect(watched.errors).toEqual([])
})
