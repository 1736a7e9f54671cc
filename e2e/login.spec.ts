import { expect, loginThroughPopup, readCaptcha, sql, test, untilSettled } from './support'

test.describe('the login popup', () => {
  test('asks for every field with the SPEC messages', async ({ page }) => {
    await page.goto('/chinese/home')
    await readCaptcha(page, () => page.getByTestId('header-login').click())
    const modal = page.getByTestId('login-modal')
    await untilSettled(page)
    await modal.getByTestId('login-submit').click()
    await expect(modal).toContainText('请输入用户名')
    await expect(modal).toContainText('请输入密码')
    await expect(modal).toContainText('请输入验证码')
    await page.screenshot({ path: 'test-results/screens/login-required.png' })
  })

  test('shows the server message for a wrong captcha and gives a new captcha', async ({ page }) => {
    await page.goto('/chinese/home')
    await readCaptcha(page, () => page.getByTestId('header-login').click())
    const modal = page.getByTestId('login-modal')
    const firstImage = await modal.getByTestId('captcha-image').getAttribute('src')
    await modal.getByTestId('login-username').fill('admin')
    await modal.getByTestId('login-password').fill('Admin@2026')
    await modal.getByTestId('login-captcha').fill('zzzz')
    await readCaptcha(page, () => modal.getByTestId('login-submit').click())
    await expect(page.getByText('验证码错误或已过期，请刷新后重试')).toBeVisible()
    await expect(modal.getByTestId('captcha-image')).not.toHaveAttribute('src', firstImage ?? '')
  })

  test('refreshes the captcha when its image is clicked', async ({ page }) => {
    await page.goto('/chinese/home')
    await readCaptcha(page, () => page.getByTestId('header-login').click())
    const image = page.getByTestId('captcha-image')
    const before = await image.getAttribute('src')
    await untilSettled(page)
    await readCaptcha(page, () => image.click())
    await expect(image).not.toHaveAttribute('src', before ?? '')
  })

  test('logs the administrator in on Enter, shows the cart and the full menu, and logs out', async ({ page }) => {
    await page.goto('/chinese/home')
    await loginThroughPopup(page, 'admin', 'Admin@2026')
    await expect(page.getByTestId('login-modal')).toBeHidden()
    await expect(page.getByTestId('header-logout')).toBeVisible()
    await expect(page.getByTestId('header-cart')).toBeVisible()
    await expect(page.getByTestId('header-personal')).toBeVisible()
    const nav = page.getByTestId('main-nav')
    for (const title of ['应用服务', '统筹共享', '部省协同']) await expect(nav).toContainText(title)
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[A-Za-z0-9_-]{43}$/)
    await page.screenshot({ path: 'test-results/screens/home-admin.png' })

    await page.goto('/chinese/satellite/image')
    await page.getByTestId('header-logout').click()
    await expect(page).toHaveURL(/\/chinese\/home$/)
    await expect(page.getByTestId('header-login')).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    await expect(page.getByTestId('main-nav')).not.toContainText('应用服务')
  })

  test('shows the cart count with 99+ above 99', async ({ page }) => {
    const [user] = await sql<{ id: number }>("select id from app_user where username = 'neimenggu'")
    await sql('delete from cart_item where user_id = $1', [user?.id])
    await sql("insert into cart_item (user_id, scene_id) select $1, 'demo-scene-' || g from generate_series(1, 120) g", [user?.id])
    try {
      await page.goto('/chinese/home')
      await loginThroughPopup(page, 'neimenggu', 'Nmg@2026')
      await expect(page.getByTestId('header-cart')).toContainText('99+')
    } finally {
      await sql('delete from cart_item where user_id = $1', [user?.id])
    }
  })

  test('warns about a password unchanged for a long time', async ({ page }) => {
    await page.goto('/chinese/home')
    await loginThroughPopup(page, 'olduser', 'Old@2026')
    await expect(page.getByText('登录密码长期未修改，为了您的账号安全，请及时修改密码。')).toBeVisible()
  })

  test('turns a code 2 answer into the security-upgrade popup that leads to reset password', async ({ page }) => {
    await page.goto('/chinese/home')
    await loginThroughPopup(page, 'legacy', 'Legacy@2026')
    const upgrade = page.getByTestId('upgrade-modal')
    await expect(upgrade).toContainText('由于系统升级，请点击“确认”修改密码后登录！')
    await expect(page.getByTestId('login-modal')).toBeHidden()
    await page.screenshot({ path: 'test-results/screens/upgrade.png' })
    await upgrade.getByRole('button', { name: /确\s*认/ }).click()
    await expect(page).toHaveURL(/\/chinese\/resetPassword$/)
  })
})
