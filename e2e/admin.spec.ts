import { expect, test } from '@playwright/test'
import { loginThroughPopup, openFromMenu, sql, watchPage } from './support'

test.describe('the administrator', () => {
  test('sees a locked account, lifts the lock and finds it in the audit log', async ({ page }) => {
    const watch = watchPage(page)
    // a lock as five wrong passwords leave it (the API tests drive the real attempts)
    await sql(`update app_user set locked_until = now() + interval '15 minutes', failed_attempts = 0 where username = 'olduser'`)

    await page.goto('/chinese/home')
    await loginThroughPopup(page, 'admin', 'Admin@2026')
    await expect(page.getByTestId('login-modal')).toBeHidden()

    await openFromMenu(page, '系统管理', '用户管理', /\/chinese\/admin\/users$/)
    const users = page.getByTestId('admin-users')
    await expect(users.getByTestId('locked-olduser')).toBeVisible()
    await expect(users.getByText('内容管理（新闻、典型影像）').first()).toBeVisible()
    await page.screenshot({ path: 'test-results/screens/admin-users.png', fullPage: true })

    await users.getByTestId('unlock-olduser').click()
    await page.locator('.ant-popconfirm .ant-btn-primary').click()
    await expect(page.getByText('已解除“olduser”的登录锁定')).toBeVisible()
    await expect(users.getByTestId('locked-olduser')).toHaveCount(0)
    const [row] = await sql<{ locked_until: Date | null }>(`select locked_until from app_user where username = 'olduser'`)
    expect(row?.locked_until).toBeNull()

    await openFromMenu(page, '系统管理', '审计日志', /\/chinese\/admin\/audit$/)
    const audit = page.getByTestId('admin-audit')
    await audit.getByTestId('audit-action').click()
    // the list of actions is longer than the dropdown: typed, as a person would, to narrow it
    await page.keyboard.type('解除')
    await page.locator('.ant-select-dropdown').getByText('解除锁定', { exact: true }).click()
    await audit.getByTestId('audit-search').click()
    const first = audit.locator('.ant-table-tbody tr.ant-table-row').first()
    await expect(first).toContainText('解除锁定')
    await expect(first).toContainText('olduser')
    await expect(first).toContainText('admin')
    await page.screenshot({ path: 'test-results/screens/admin-audit.png', fullPage: true })

    const [download] = await Promise.all([page.waitForEvent('download'), audit.getByTestId('audit-export').click()])
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(watch.errors).toEqual([])
    expect(watch.external).toEqual([])
  })

  test('is the only one who sees the administration menu', async ({ page }) => {
    await page.goto('/chinese/home')
    await loginThroughPopup(page, 'neimenggu', 'Nmg@2026')
    await expect(page.getByTestId('login-modal')).toBeHidden()
    await expect(page.getByTestId('main-nav')).toContainText('应用服务')
    await expect(page.getByTestId('main-nav')).not.toContainText('系统管理')
    await page.goto('/chinese/admin/audit')
    await expect(page.getByTestId('admin-audit')).toHaveCount(0)
  })
})
