import type { Browser, Page } from '@playwright/test'
import {
  chooseOption,
  confirmPopup,
  expect,
  LETTER_PDF,
  loginThroughPopup,
  openFromMenu,
  readCaptcha,
  sql,
  test,
  waitForInteractiveLoads,
  watchPage,
} from './support'

const LETTER = LETTER_PDF

async function loggedIn(browser: Browser, username: string, password: string): Promise<Page> {
  const page = waitForInteractiveLoads(await (await browser.newContext()).newPage())
  await page.goto('/chinese/home')
  await loginThroughPopup(page, username, password)
  await expect(page.getByTestId('login-modal')).toBeHidden()
  await expect(page.getByTestId('header-logout')).toBeVisible()
  return page
}

test.describe('applications', () => {
  // the journeys share one database: what the approval granted the demo user is taken back afterwards
  test.afterAll(async () => {
    await sql(`delete from user_permission where user_id = (select id from app_user where username = 'user')
      and code in ('MOD_058', 'MOD_058_DISPLAY', 'MOD_055_DISPLAY')`)
    await sql(`delete from area_range where user_id = (select id from app_user where username = 'user')`)
  })

  test('a user applies for 光伏用地监测 over a province, an administrator approves, the user opens the module', async ({ browser }) => {
    // two people, two logins and a monitoring map: 50 s on a quiet machine, past the 60 s default on a busy one
    test.slow()
    const user = await loggedIn(browser, 'user', 'User@2026')
    const watch = watchPage(user)

    // before: the module's statistics are public, its detail closed to this user
    await user.goto('/chinese/monitor/pvland')
    await user.getByTestId('mode-tabs').getByText('详情').click()
    await expect(user.getByText('无查看信息权限，请联系管理员').first()).toBeVisible()

    await user.goto('/chinese/personal/personalCenter/myApply')
    const form = user.getByTestId('apply-form')
    await expect(form).toBeVisible()
    await chooseOption(form.getByTestId('apply-module'), '光伏用地监测')
    await chooseOption(form.getByTestId('region-province'), '内蒙古自治区')
    await form.getByTestId('apply-add-region').click()
    await expect(form.getByTestId('apply-regions')).toContainText('内蒙古自治区')
    await form.getByTestId('apply-reason').fill('内蒙古光伏用地遥感核查项目，需查看图斑详情')

    // a broken file is refused by the server in Chinese; the real letter is kept
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: '申请函.pdf', mimeType: 'application/pdf', buffer: LETTER.subarray(0, 30) })
    await expect(user.getByText('附件已损坏或不完整，请重新选择文件')).toBeVisible()
    await form.locator('input[type=file]').setInputFiles({ name: '申请函.pdf', mimeType: 'application/pdf', buffer: LETTER })
    await expect(form.getByTestId('apply-attachment-name')).toContainText('申请函.pdf')
    await form.getByTestId('apply-submit').click()
    await expect(user.getByText('申请已提交，请等待审核')).toBeVisible()
    const mine = user.getByTestId('apply-list-mine')
    await expect(mine.locator('.ant-table-row').first()).toContainText('光伏用地监测')
    await expect(mine.locator('.ant-table-row').first()).toContainText('待审核')
    await expect(mine.locator('.ant-table-row').first()).toContainText('内蒙古自治区')
    await user.screenshot({ path: 'test-results/screens/my-apply.png', fullPage: true })

    // the administrator reviews
    const admin = await loggedIn(browser, 'admin', 'Admin@2026')
    await openFromMenu(admin, '系统管理', '申请审核', /\/chinese\/admin\/apply$/)
    const review = admin.getByTestId('admin-apply')
    const row = review.locator('.ant-table-row').filter({ hasText: 'user' }).first()
    await expect(row).toContainText('光伏用地监测')
    await admin.screenshot({ path: 'test-results/screens/admin-apply.png', fullPage: true })
    await row.getByTestId('apply-approve').click()
    await confirmPopup(admin)
    await expect(admin.getByText(/已通过申请 \d+/)).toBeVisible()
    const [granted] = await sql<{ n: number }>(
      `select count(*)::int as n from area_range a join app_user u on u.id = a.user_id
       where u.username = 'user' and a.region_id = '150000' and a.status = 0 and a.is_delete = 0`,
    )
    expect(granted?.n).toBe(1)

    // the user sees the decision, and the module opens from the menu
    await user.reload()
    await expect(user.getByTestId('apply-list-mine').locator('.ant-table-row').first()).toContainText('已通过')
    await expect(user.getByTestId('apply-decision').first()).toContainText('admin')
    await openFromMenu(user, '应用服务', '光伏用地监测', /\/chinese\/monitor\/pvland$/)
    await expect(user.getByTestId('monitor-screen')).toContainText('光伏用地监测')
    await user.getByTestId('mode-tabs').getByText('详情').click()
    await expect(user.getByTestId('monitor-detail')).toBeVisible()
    await expect(user.getByText('无查看信息权限，请联系管理员')).toHaveCount(0)
    await user.goto('/chinese/personal/personalCenter/info')
    await expect(user.getByTestId('personal-info')).toContainText('光伏用地监测')
    expect(watch.errors).toEqual([])
    expect(watch.external).toEqual([])
  })
})

test.describe('feedback', () => {
  test('a visitor sends feedback from the footer and an administrator reads it and marks it handled', async ({ browser, page }) => {
    const watch = watchPage(page)
    // the words of this try's feedback, so that a repeated run finds its own row
    const wish = `希望提供高分七号立体像对的样例数据（${Date.now().toString(36)}）`
    await page.goto('/chinese/home')
    const answer = await readCaptcha(page, () => page.getByTestId('footer-feedback').click())
    await expect(page).toHaveURL(/\/chinese\/feedback$/)
    const form = page.getByTestId('feedback-form')
    await chooseOption(form.getByTestId('feedback-type'), '数据需求')
    await form.getByTestId('feedback-content').fill(wish)
    await form.getByTestId('feedback-contact').fill('visitor@example.com')
    // a wrong answer first: refused, and a new picture comes
    const next = await readCaptcha(page, async () => {
      await form.getByTestId('captcha-answer').fill('zzzz')
      await form.getByTestId('feedback-submit').click()
    })
    await expect(page.getByText('验证码错误或已过期，请刷新后重试')).toBeVisible()
    expect(next).not.toBe(answer)
    await form.getByTestId('captcha-answer').fill(next)
    await form.getByTestId('feedback-submit').click()
    await expect(page.getByText('感谢您的反馈，我们会尽快处理')).toBeVisible()
    await page.screenshot({ path: 'test-results/screens/feedback.png', fullPage: true })

    const admin = await loggedIn(browser, 'admin', 'Admin@2026')
    await openFromMenu(admin, '系统管理', '意见反馈', /\/chinese\/admin\/feedback$/)
    const list = admin.getByTestId('admin-feedback')
    const row = list.locator('.ant-table-row').filter({ hasText: wish })
    await expect(row).toContainText('visitor@example.com')
    await expect(row).toContainText('访客')
    await row.getByTestId('feedback-handle').click()
    await admin.locator('.ant-modal textarea').fill('已加入样例数据计划')
    await admin.getByTestId('feedback-handle-ok').click()
    await expect(admin.getByText('已标记为已处理')).toBeVisible()
    await expect(list.locator('.ant-table-row').filter({ hasText: wish })).toHaveCount(0)
    await chooseOption(list.getByTestId('feedback-filter'), '已处理')
    await expect(list.locator('.ant-table-row').filter({ hasText: wish })).toContainText('已加入样例数据计划')
    await admin.screenshot({ path: 'test-results/screens/admin-feedback.png', fullPage: true })
    expect(watch.errors).toEqual([])
  })
})

test.describe('personal information', () => {
  // the demo account's e-mail and organisation as the seed left them, for the journeys that follow
  let originalOrganization = ''
  test.afterAll(async () => {
    await sql(`update app_user set email = 'nmg@example.com', organization = $1 where username = 'neimenggu'`, [originalOrganization])
  })
  test.beforeAll(async () => {
    const [row] = await sql<{ organization: string }>(`select organization from app_user where username = 'neimenggu'`)
    originalOrganization = row?.organization ?? ''
  })

  test('a person edits the information given at registration', async ({ browser }) => {
    const page = await loggedIn(browser, 'neimenggu', 'Nmg@2026')
    await page.goto('/chinese/personal/personalCenter/info')
    const card = page.getByTestId('person-info')
    await expect(card).toBeVisible()
    await card.getByTestId('person-edit').click()
    const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('person-realName') })
    await modal.getByTestId('person-organization').fill('内蒙古自治区国土空间规划院')
    await chooseOption(modal.getByTestId('person-organizationType'), '政府机关')
    await chooseOption(modal.getByTestId('person-industry'), '自然资源')
    await modal.getByTestId('person-purpose').fill('耕地保护与光伏用地核查')
    await chooseOption(modal.getByTestId('region-province'), '内蒙古自治区')
    await chooseOption(modal.getByTestId('region-city'), '呼和浩特市')
    await page.getByTestId('person-save').click()
    await expect(page.getByText('个人信息已保存')).toBeVisible()
    await expect(card).toContainText('内蒙古自治区国土空间规划院')
    await expect(card).toContainText('呼和浩特市')
    await page.screenshot({ path: 'test-results/screens/personal-info.png', fullPage: true })
    const [row] = await sql<{ region_code: string }>(
      `select p.region_code from person_info p join app_user u on u.id = p.user_id where u.username = 'neimenggu'`,
    )
    expect(row?.region_code).toBe('150100')

    // a new e-mail, confirmed by the code sent to it
    const [last] = await sql<{ id: string }>('select coalesce(max(id), 0) as id from outbox')
    const answer = await readCaptcha(page, () => card.getByTestId('change-email').click())
    const contact = page.locator('.ant-modal').filter({ has: page.getByTestId('contact-address') })
    await contact.getByTestId('contact-address').fill('nmg-new@example.com')
    await contact.getByTestId('code-captcha').fill(answer)
    await contact.getByTestId('code-send').click()
    await expect(contact.getByTestId('code-send')).toContainText('秒后重新获取')
    const [mail] = await sql<{ text_body: string }>(
      `select text_body from outbox where recipient = 'nmg-new@example.com' and id > $1 order by id desc limit 1`,
      [Number(last?.id ?? 0)],
    )
    const code = mail?.text_body.match(/^\s*(\d{6})\s*$/m)?.[1] ?? ''
    expect(code).toMatch(/^\d{6}$/)
    await contact.getByTestId('contact-code').fill(code)
    await page.screenshot({ path: 'test-results/screens/personal-contact.png' })
    await page.getByTestId('contact-save').click()
    await expect(page.getByText('邮箱已更换')).toBeVisible()
    await expect(page.getByTestId('personal-info')).toContainText('n*****w@example.com')
  })
})
