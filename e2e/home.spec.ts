import { expect, sql, test, watchPage } from './support'

/** Today in Beijing, so an inserted article is the newest. */
function beijingToday(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)
}

test.describe('the home page', () => {
  test('shows the key figures, recent satellite events and the latest news, and opens an article', async ({ page }) => {
    const title = `首页新闻 e2e ${Date.now()}`
    const [row] = await sql<{ id: number }>(
      'insert into news (title, summary, date, source, satellite_slug, body) values ($1, $2, $3, $4, $5, $6) returning id',
      [title, '端到端测试插入的新闻摘要', beijingToday(), '测试来源', 'gf1', '第一段。\n\n<script>window.hacked = 1</script>第二段。'],
    )
    try {
      const watch = watchPage(page)
      await page.goto('/chinese/home')
      for (const id of ['home-series', 'home-satellites', 'home-tracked', 'home-news-total', 'home-visits'])
        await expect(page.getByTestId(id)).toHaveText(/^[\d,]+$/)

      const events = page.getByTestId('home-events').getByRole('listitem')
      await expect(events.first()).toContainText(/\d{4}-\d{2}-\d{2}/)
      await expect(events.first().getByRole('link')).toHaveAttribute('href', /\/chinese\/satellite\/(chinese|global)\/[a-z0-9]+$/)

      const news = page.getByTestId('home-news')
      await expect(news.getByRole('link').first()).toContainText(title)
      await expect(news.getByRole('link').first()).toContainText('测试来源')
      await page.screenshot({ path: 'test-results/screens/home-news.png', fullPage: true })

      await news.getByRole('link', { name: new RegExp(title) }).click()
      await expect(page).toHaveURL(new RegExp(`/chinese/satellite/news/${row?.id}$`))
      const article = page.getByTestId('news-article')
      await expect(article.getByRole('heading', { level: 1 })).toHaveText(title)
      await expect(page.getByTestId('news-article-body')).toContainText('<script>window.hacked = 1</script>第二段。')
      expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined()
      await expect(page.getByTestId('news-article-satellite')).toHaveAttribute('href', '/chinese/satellite/chinese/gf1')

      expect(watch.errors).toEqual([])
      expect(watch.external).toEqual([])
    } finally {
      await sql('delete from news where id = $1', [row?.id])
    }
  })

  test('leads from an event to its satellite and from 更多新闻 to the news list', async ({ page }) => {
    await page.goto('/chinese/home')
    const first = page.getByTestId('home-events').getByRole('link').first()
    const href = (await first.getAttribute('href')) ?? ''
    await first.click()
    await expect(page).toHaveURL(new RegExp(`${href}$`))
    await page.goto('/chinese/home')
    await page.getByTestId('home-news-more').click()
    await expect(page).toHaveURL(/\/chinese\/satellite\/news$/)
    await expect(page.getByTestId('news-list')).toBeVisible()
  })

  test('is usable while its data is still on the way', async ({ page }) => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/news/list**', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/chinese/home')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByTestId('service-normal')).toBeVisible()
    await expect(page.locator('.home-latest [aria-busy="true"]')).toBeVisible()
    await expect(page.getByTestId('home-events')).toBeVisible()
    release()
    await expect(page.getByTestId('home-news')).toBeVisible()
  })
})
