import { expect, loginThroughPopup, sql, test } from './support'

test.describe('protected routes', () => {
  test('opens the login popup for a protected page and goes there after login', async ({ page }) => {
    await page.goto('/chinese/home')
    await loginThroughPopup(page, 'neimenggu', 'Nmg@2026', () => page.goto('/chinese/orbitalPredict'))
    await expect(page).toHaveURL(/\/chinese\/orbitalPredict$/)
    await expect(page.getByTestId('page-401')).toHaveCount(0)
  })

  test('opens a monitor module to a visitor and queues the login for its detail mode', async ({ page }) => {
    await page.goto('/chinese/monitor/landcover')
    await expect(page.getByTestId('monitor-screen')).toContainText('地表覆盖监测')
    await expect(page.getByTestId('statistics-table')).toBeVisible()
    await loginThroughPopup(page, 'neimenggu', 'Nmg@2026', () => page.getByTestId('mode-tabs').getByText('详情').click())
    await expect(page).toHaveURL(/\/chinese\/monitor\/landcover\?mode=detail$/)
    await expect(page.getByTestId('monitor-detail')).toBeVisible()
  })

  test('refuses a module the account has no permission for', async ({ page }) => {
    // the demo province user holds every module's code: for this test it lacks the steel plants'
    const [user] = await sql<{ id: number }>("select id from app_user where username = 'neimenggu'")
    await sql("delete from user_permission where user_id = $1 and code = 'MOD_060'", [user?.id])
    try {
      await page.goto('/chinese/home')
      await loginThroughPopup(page, 'neimenggu', 'Nmg@2026')
      await expect(page.getByTestId('header-logout')).toBeVisible()
      // the server reuses user information for SESSION_CACHE_MS (2 s), and the earlier tests logged this
      // account in: wait until it answers without the code (a change behind its back), then take it afresh
      const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? ''
      await expect
        .poll(
          async () => {
            const info = await page.request.get('/api/userinfo/info', { headers: { token } })
            return ((await info.json()).data.permissions as string[]).includes('MOD_060')
          },
          { timeout: 15_000 },
        )
        .toBe(false)
      await page.goto('/chinese/monitor/steelplant')
      // statistics are public; detail data needs the module's code
      await expect(page.getByTestId('statistics-table')).toBeVisible()
      await page.getByTestId('mode-tabs').getByText('详情').click()
      await expect(page.getByRole('alert').getByText('无查看信息权限，请联系管理员')).toBeVisible()
      await expect(page.getByTestId('monitor-detail')).toHaveCount(0)
    } finally {
      await sql("insert into user_permission (user_id, code) values ($1, 'MOD_060') on conflict do nothing", [user?.id])
    }
  })

  test('refuses a module to an account without an area range', async ({ page }) => {
    const [user] = await sql<{ id: number }>("select id from app_user where username = 'user'")
    await sql("insert into user_permission (user_id, code) values ($1, 'MOD_057') on conflict do nothing", [user?.id])
    try {
      await page.goto('/chinese/home')
      await loginThroughPopup(page, 'user', 'User@2026')
      await expect(page.getByTestId('header-logout')).toBeVisible()
      await page.goto('/chinese/monitor/road')
      await expect(page.getByTestId('statistics-table')).toBeVisible()
      await page.getByTestId('mode-tabs').getByText('详情').click()
      await expect(page.getByRole('alert').getByText('未关联用户权限范围，请联系管理员')).toBeVisible()
      await expect(page.getByTestId('monitor-detail')).toHaveCount(0)
    } finally {
      await sql("delete from user_permission where user_id = $1 and code = 'MOD_057'", [user?.id])
    }
  })

  test('logs the user out with a warning when the session expires', async ({ page, request }) => {
    await page.goto('/chinese/home')
    await loginThroughPopup(page, 'admin', 'Admin@2026')
    await expect(page.getByTestId('header-logout')).toBeVisible()
    await page.goto('/chinese/personal/personalCenter/info')
    await expect(page.getByText('admin').first()).toBeVisible()
    await sql("update user_session set expires_at = now() - interval '1 second'")
    // the server reuses a resolved session for SESSION_CACHE_MS (2 s): wait until it sees the expiry
    const token = await page.evaluate(() => localStorage.getItem('token'))
    await expect
      .poll(async () => (await request.get('/api/userinfo/area-range?type=0', { headers: { token: token ?? '' } })).status(), {
        timeout: 5000,
      })
      .toBe(401)
    await page.reload()
    await expect(page.getByText('登录已过期，请重新登录！')).toBeVisible()
    await expect(page).toHaveURL(/\/chinese\/home$/)
    await expect(page.getByTestId('header-login')).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  })

  test('logs in automatically with code=1 and removes the code from the address', async ({ page }) => {
    await page.goto('/chinese/normal?code=1')
    await expect(page.getByTestId('header-logout')).toBeVisible()
    // the screen may have written its chosen area (全国) meanwhile: that stays, the code goes
    await expect(page).toHaveURL(/\/chinese\/normal(\?mode=region&region=100000)?$/)
  })

  test('keeps the geojsonId of code=2 for the next screen', async ({ page }) => {
    await page.goto('/chinese/normal?code=2&geojsonId=42')
    await expect(page.getByTestId('header-logout')).toBeVisible()
    // the screen may have written its chosen area (全国) meanwhile: that stays, the code goes
    await expect(page).toHaveURL(/\/chinese\/normal\?geojsonId=42(&mode=region&region=100000)?$/)
  })
})
