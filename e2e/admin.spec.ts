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

  test('finds an account, gives it a module over a province by name and the region picker, disables and enables it', async ({ page }) => {
    await sql(`insert into app_user (username, password_hash, real_name, organization, password_changed_at)
      values ('e2e_rights', 'not-a-login', '权限测试', '某市测绘院', now()) on conflict do nothing`)
    await page.goto('/chinese/home')
    await loginThroughPopup(page, 'admin', 'Admin@2026')
    await expect(page.getByTestId('login-modal')).toBeHidden()
    await openFromMenu(page, '系统管理', '用户管理', /\/chinese\/admin\/users$/)
    const users = page.getByTestId('admin-users')
    await users.getByTestId('admin-users-search').locator('input').fill('某市测绘')
    await users.getByTestId('admin-users-search').locator('input').press('Enter')
    await expect(users.locator('.ant-table-row')).toHaveCount(1)

    await users.getByTestId('edit-e2e_rights').click()
    const editor = page.locator('.ant-modal').filter({ has: page.getByTestId('rights-permissions') })
    await editor.getByText('风电监测（MOD_059）').click()
    await editor.getByTestId('region-province').click()
    await page.locator('.ant-select-item-option').filter({ hasText: '河北省' }).click()
    await editor.getByTestId('rights-add-region').click()
    await expect(editor.getByTestId('rights-regions')).toContainText('河北省')
    await page.getByTestId('rights-save').click()
    await expect(page.getByText('已保存“e2e_rights”的权限')).toBeVisible()
    const row = users.locator('.ant-table-row').filter({ hasText: 'e2e_rights' })
    await expect(row).toContainText('风电监测')
    await expect(row).toContainText('河北省')
    const granted = await sql<{ code: string }>(
      `select p.code from user_permission p join app_user u on u.id = p.user_id where u.username = 'e2e_rights' order by p.code`,
    )
    expect(granted.map((g) => g.code)).toEqual(['MOD_055_DISPLAY', 'MOD_059', 'MOD_059_DISPLAY'])
    await page.screenshot({ path: 'test-results/screens/admin-users-edit.png', fullPage: true })

    await row.getByTestId('disable-e2e_rights').click()
    await page.locator('.ant-popconfirm .ant-btn-primary').click()
    await expect(page.getByText('已停用“e2e_rights”')).toBeVisible()
    await expect(row).toContainText('已停用')
    await row.getByTestId('enable-e2e_rights').click()
    await page.locator('.ant-popconfirm .ant-btn-primary').click()
    await expect(page.getByText('已启用“e2e_rights”')).toBeVisible()
    const [state] = await sql<{ disabled: boolean }>(`select disabled from app_user where username = 'e2e_rights'`)
    expect(state?.disabled).toBe(false)
    const actions = await sql<{ action: string }>(`select action from audit_log where target = 'e2e_rights' order by id`)
    expect(actions.map((a) => a.action)).toEqual(['userPermissions', 'userAreaRanges', 'userDisable', 'userEnable'])
  })
})
