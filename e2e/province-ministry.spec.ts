import type { Browser, Page } from '@playwright/test'
import {
  chooseOption,
  confirmPopup,
  expect,
  LETTER_PDF,
  loginThroughPopup,
  sql,
  test,
  untilDrawn,
  untilSettled,
  waitForInteractiveLoads,
  watchPage,
} from './support'

/**
 * 省部协同 as its two sides meet it: the 内蒙古 user asks the ministry for data with an attachment,
 * the ministry answers in another browser, the province reads the answer (and its attachment) and
 * closes the request.
 */

const SCREEN = '/chinese/ministryProvince/provinceMinistry'

/** Logs in on the page through the popup the protected screen raises by itself, and waits for the screen. */
async function openScreen(page: Page, username: string, password: string) {
  await page.goto('/chinese/home')
  await loginThroughPopup(page, username, password, () => page.goto(SCREEN))
  await expect(page.getByTestId('login-modal')).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: '省部协同' })).toBeVisible()
}

async function inNewContext(browser: Browser, username: string, password: string): Promise<Page> {
  const page = waitForInteractiveLoads(await (await browser.newContext()).newPage())
  await openScreen(page, username, password)
  return page
}

test('a province asks the ministry with an attachment, the ministry answers, the province reads it and closes', async ({
  browser,
  page,
}) => {
  // two people, two logins, uploads and a download: past the 60 s default on a busy machine
  test.slow()
  const watch = watchPage(page)
  const title = `呼和浩特市亚米级影像需求 ${Date.now().toString(36)}`

  await openScreen(page, 'neimenggu', 'Nmg@2026')
  await expect(page.getByTestId('pm-role')).toContainText('省级用户')

  // 新建请求: a data request about a city of the province, with the letter attached
  await page.getByTestId('pm-new').click()
  const form = page.getByTestId('pm-form')
  await expect(form).toBeVisible()
  await untilSettled(page)
  await form.getByTestId('pm-kind').getByText('数据需求').click()
  // the picker offers only the user's range: 内蒙古 and its cities, not the whole country
  await expect(form.getByTestId('region-country')).toBeDisabled()
  await expect(form.getByTestId('region-province')).toContainText('内蒙古自治区')
  await chooseOption(form.getByTestId('region-city'), '呼和浩特市')
  await form.getByTestId('pm-title').fill(title)
  await form.getByTestId('pm-body').fill('请提供呼和浩特市城区 2025 年 5–9 月优于 1 米的影像，用于耕地保护督察。')
  await form.locator('input[type=file]').setInputFiles({ name: '需求说明.pdf', mimeType: 'application/pdf', buffer: LETTER_PDF })
  await expect(form.getByTestId('pm-attachment-name')).toContainText('需求说明.pdf')
  await untilSettled(page)
  await page.screenshot({ path: 'test-results/screens/province-ministry-new.png' })
  await page.getByTestId('pm-submit').click()
  await expect(page.getByText('请求已提交，部级用户答复后将邮件通知您')).toBeVisible()

  // the new request's thread opens: the request itself, waiting for the ministry
  const thread = page.getByTestId('pm-thread')
  await expect(thread.getByTestId('pm-message')).toHaveCount(1)
  await expect(thread.getByTestId('pm-waiting')).toBeVisible()
  await expect(thread.getByTestId('pm-state')).toContainText('待答复')
  await thread.locator('.ant-drawer-close').click()
  const row = page.locator('[data-testid=pm-table] .ant-table-row', { hasText: title })
  await expect(row).toContainText('待答复')
  await expect(row).toContainText('内蒙古自治区自然资源厅')
  const [request] = await sql<{ id: number }>('select id from province_ministry_request where title = $1', [title])
  expect(request?.id).toBeGreaterThan(0)

  // the ministry, in its own browser, answers with a note attached
  const ministry = await inNewContext(browser, 'ministry', 'Ministry@2026')
  await expect(ministry.getByTestId('pm-role')).toContainText('部级用户')
  await expect(ministry.getByTestId('pm-new')).toHaveCount(0)
  await ministry.locator('[data-testid=pm-table] .ant-table-row', { hasText: title }).getByTestId('pm-open').click()
  const answerBox = ministry.getByTestId('pm-reply')
  await expect(answerBox).toContainText('答复内容')
  await answerBox.getByTestId('pm-reply-body').fill('已安排 GF-2 与 GF-7 影像，覆盖城区 92%，详见附件。')
  await answerBox.locator('input[type=file]').setInputFiles({ name: '答复说明.pdf', mimeType: 'application/pdf', buffer: LETTER_PDF })
  await expect(answerBox.getByTestId('pm-attachment-name')).toContainText('答复说明.pdf')
  await answerBox.getByTestId('pm-send').click()
  await expect(ministry.getByText('已答复').first()).toBeVisible()
  const ministryThread = ministry.getByTestId('pm-thread')
  await expect(ministryThread.getByTestId('pm-message')).toHaveCount(2)
  await expect(ministryThread.getByTestId('pm-reply')).toHaveCount(0)
  await expect(ministryThread.getByTestId('pm-waiting')).toContainText('已答复，等待省级用户追问或关闭')
  await expect(ministry.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 })
  await untilDrawn(ministry)
  await ministry.screenshot({ path: 'test-results/screens/province-ministry-thread-ministry.png' })

  // the province sees the answer, downloads its attachment, and closes the request
  await page.reload()
  await expect(row).toContainText('已答复')
  await page.screenshot({ path: 'test-results/screens/province-ministry-list.png', fullPage: true })
  await row.getByTestId('pm-open').click()
  await expect(thread.getByTestId('pm-message')).toHaveCount(2)
  const answer = thread.getByTestId('pm-message').nth(1)
  await expect(answer).toContainText('自然资源部国土卫星遥感应用中心（演示）')
  await expect(answer).toContainText('已安排 GF-2 与 GF-7 影像')
  await expect(thread.getByTestId('pm-reply')).toContainText('追问内容')
  const [download] = await Promise.all([page.waitForEvent('download'), answer.getByTestId('pm-download').click()])
  expect(download.suggestedFilename()).toBe('答复说明.pdf')
  await untilDrawn(page)
  await page.screenshot({ path: 'test-results/screens/province-ministry-thread.png' })
  await thread.getByTestId('pm-close').click()
  await confirmPopup(page)
  await expect(page.getByText('请求已关闭').first()).toBeVisible()
  await expect(thread.getByTestId('pm-closed-note')).toBeVisible()
  await expect(thread.getByTestId('pm-close')).toHaveCount(0)
  await expect(thread.getByTestId('pm-state')).toContainText('已关闭')

  // what the database kept: the closed request, the audit trail, a mail to each side
  const [closed] = await sql<{ state: string; message_count: number }>(
    'select state, message_count from province_ministry_request where id = $1',
    [request?.id],
  )
  expect(closed).toEqual({ state: 'closed', message_count: 2 })
  const audit = await sql<{ action: string }>('select action from audit_log where target = $1 order by id', [
    `provinceMinistry:${request?.id}`,
  ])
  expect(audit.map((a) => a.action)).toEqual(['provinceMinistryCreate', 'provinceMinistryAnswer', 'provinceMinistryClose'])
  const mails = await sql<{ recipient: string }>(`select recipient from outbox where subject like $1 order by id`, [
    `%省部协同请求 ${request?.id}：%`,
  ])
  expect(mails.map((m) => m.recipient)).toEqual(['ministry@example.com', 'nmg@example.com', 'ministry@example.com'])
  expect(watch.errors).toEqual([])
  expect(watch.external).toEqual([])
})
