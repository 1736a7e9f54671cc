import type { Page } from '@playwright/test'
import { expect, loginThroughPopup, sql, test, untilSettled } from './support'

const PREFIX = 'e2e 新闻'
/** A 1 × 1 PNG, the smallest cover the server accepts. */
const COVER_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

async function loginAt(page: Page, path: string, username: string, password: string) {
  await page.goto(path)
  await loginThroughPopup(page, username, password)
  await expect(page.getByTestId('header-logout')).toBeVisible()
}

test.describe('satellite news', () => {
  test.afterAll(async () => {
    await sql('delete from news where title like $1', [`${PREFIX}%`])
  })

  test('a visitor searches, filters by satellite and opens an unknown article as 404', async ({ page }) => {
    await page.goto('/chinese/satellite/news')
    await expect(page.getByTestId('news-list').locator('article').first()).toBeVisible()
    await expect(page.getByTestId('news-add')).toHaveCount(0)

    await page.goto('/chinese/satellite/news?satellite=zy3')
    await expect(page.getByTestId('news-filter-satellite')).toContainText('卫星：')
    const items = page.getByTestId('news-list').locator('article')
    await expect(items.first()).toBeVisible()
    await page.getByTestId('news-filter-satellite').getByRole('button').click()
    await expect(page).toHaveURL(/\/chinese\/satellite\/news$/)

    await page.getByTestId('news-search').getByRole('searchbox').fill('资源三号')
    await page.getByTestId('news-search').getByRole('searchbox').press('Enter')
    await expect(page).toHaveURL(/keyword=/)
    await expect(page.getByTestId('news-filter-keyword')).toContainText('资源三号')

    await page.goto('/chinese/satellite/news/999999')
    await expect(page.getByTestId('news-not-found')).toContainText('新闻不存在')
  })

  test('a content editor adds an article, edits it, sees it in the list and deletes it', async ({ page }) => {
    const title = `${PREFIX} ${Date.now()}`
    await loginAt(page, '/chinese/satellite/news', 'editor', 'Editor@2026')

    await page.getByTestId('news-add').click()
    const editor = page.getByTestId('news-editor')
    await expect(editor.getByTestId('news-field-title')).toBeVisible()
    await page.getByTestId('news-editor-save').click()
    await expect(editor).toContainText('请填写新闻标题')
    await expect(editor).toContainText('请填写新闻正文')

    await editor.getByTestId('news-field-title').fill(title)
    await editor.getByTestId('news-field-source').fill('端到端测试')
    await editor.getByTestId('news-field-satellite').click()
    await page.keyboard.type('高分一号')
    await page.keyboard.press('Enter')
    await editor.getByTestId('news-field-summary').fill('测试摘要')
    await editor.getByTestId('news-field-body').fill('第一段正文。\n\n第二段正文。')
    await editor.locator('input[type="file"]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: COVER_PNG })
    await expect(editor.getByTestId('news-cover-chosen')).toContainText('cover.png')
    await page.screenshot({ path: 'test-results/screens/news-editor.png' })
    await page.getByTestId('news-editor-save').click()
    await expect(page.getByText('新闻已发布')).toBeVisible()

    const item = page.getByTestId('news-list').locator('article', { hasText: title })
    await expect(item).toBeVisible()
    const id = Number((await item.getAttribute('data-testid'))?.replace('news-item-', ''))
    expect(id).toBeGreaterThan(0)
    await expect(item.locator('img')).toHaveAttribute('src', new RegExp(`/api/news/cover\\?id=${id}&v=\\d+$`))

    await page.getByTestId(`news-edit-${id}`).click()
    await expect(editor.getByTestId('news-field-title')).toHaveValue(title)
    await editor.getByTestId('news-field-title').fill(`${title}（修订）`)
    await page.getByTestId('news-editor-save').click()
    await expect(page.getByText('新闻已保存')).toBeVisible()
    await expect(page.getByTestId(`news-item-${id}`)).toContainText(`${title}（修订）`)

    await page
      .getByTestId(`news-item-${id}`)
      .getByRole('link', { name: `${title}（修订）` })
      .click()
    await expect(page.getByTestId('news-article')).toContainText('第二段正文。')
    await expect(page.getByTestId('news-article-satellite')).toHaveText(/高分一号/)
    await page.goto('/chinese/satellite/news')

    await page.getByTestId(`news-delete-${id}`).click()
    await untilSettled(page)
    await page
      .locator('.ant-popover')
      .getByRole('button', { name: /删\s*除/ })
      .click()
    await expect(page.getByText('新闻已删除')).toBeVisible()
    await expect(page.getByTestId(`news-item-${id}`)).toHaveCount(0)
    expect(await sql('select id from news where id = $1 and not deleted', [id])).toEqual([])
  })

  test('a plain user sees no add, edit or delete buttons', async ({ page }) => {
    await loginAt(page, '/chinese/satellite/news', 'user', 'User@2026')
    await expect(page.getByTestId('news-list').locator('article').first()).toBeVisible()
    await expect(page.getByTestId('news-add')).toHaveCount(0)
    await expect(page.locator('[data-testid^="news-edit-"]')).toHaveCount(0)
    await expect(page.locator('[data-testid^="news-delete-"]')).toHaveCount(0)
    await page.getByTestId('news-list').locator('article h2 a').first().click()
    await expect(page.getByTestId('news-article')).toBeVisible()
    await expect(page.locator('[data-testid^="news-edit-"]')).toHaveCount(0)
  })
})
