import { chooseCascaderPath, chooseOption, expect, loginThroughPopup, readCaptcha, sql, test, watchPage } from './support'

/** The code of the newest message to a recipient: the e2e server has no SMTP, so mail goes to the outbox. */
async function codeFromOutbox(recipient: string, after: number): Promise<{ code: string; id: number }> {
  let found: { id: string; text_body: string } | undefined
  await expect(async () => {
    ;[found] = await sql<{ id: string; text_body: string }>(
      'select id, text_body from outbox where recipient = $1 and id > $2 order by id desc limit 1',
      [recipient, after],
    )
    expect(found).toBeTruthy()
  }).toPass({ timeout: 10_000 })
  const code = found?.text_body.match(/^\s*(\d{6})\s*$/m)?.[1]
  if (!code || !found) throw new Error(`no code in the outbox for ${recipient}`)
  return { code, id: Number(found.id) }
}

test('register with a mailed code, log in, get locked out by five wrong passwords, reset the password by code (logged in, lock lifted), then change it from the 30-day warning', async ({
  page,
}) => {
  // a long journey: registration, six logins, a reset and a change, each with its captcha
  test.setTimeout(180_000)
  const watch = watchPage(page)
  const stamp = Date.now().toString().slice(-6)
  const username = `e2e_${stamp}`
  const email = `e2e${stamp}@example.cn`
  const telephone = `139${stamp}00`

  await page.goto('/chinese/register')
  await page.getByTestId('register-username').fill(username)
  await page.getByTestId('register-email').fill(email)
  await page.getByTestId('register-password').fill('First#Pass2026')
  await page.getByTestId('register-password-confirm').fill('First#Pass2026')
  await page.getByTestId('register-telephone').fill(telephone)
  await page.getByTestId('register-real-name').fill('测试用户')
  await page.getByTestId('register-organization').fill('某某测绘院')
  await chooseOption(page.getByTestId('register-organization-type'), '事业单位')
  await chooseCascaderPath(page.getByTestId('register-region'), ['内蒙古自治区', '呼和浩特市'])
  await page.keyboard.press('Escape')
  await chooseOption(page.getByTestId('register-industry'), '测绘地理信息')
  await page.getByTestId('register-purpose').fill('影像查询')
  await page.getByTestId('register-terms').check()

  // the verify step opens with a picture captcha
  const answer = await readCaptcha(page, () => page.getByTestId('register-next').click())
  await expect(page.getByText(`验证码将发送至：${email}`)).toBeVisible()
  const [last] = await sql<{ id: string }>('select coalesce(max(id), 0) as id from outbox')
  await page.getByTestId('code-captcha').fill(answer)
  await page.getByTestId('code-send').click()
  await expect(page.getByTestId('code-send')).toContainText('秒后重新获取')
  const mail = await codeFromOutbox(email, Number(last?.id ?? 0))
  await page.getByTestId('register-code').fill(mail.code)
  await page.getByTestId('register-submit').click()
  await expect(page.getByText('注册成功', { exact: true })).toBeVisible()

  await loginThroughPopup(page, username, 'First#Pass2026', () => page.getByTestId('register-go-login').click())
  await expect(page.getByTestId('header-logout')).toBeVisible()
  await page.getByTestId('header-logout').click()
  await expect(page.getByTestId('header-login')).toBeVisible()

  // five wrong passwords lock the account; the right one is then refused with the same words
  const modal = page.getByTestId('login-modal')
  let answer2 = await readCaptcha(page, () => page.getByTestId('header-login').click())
  for (const password of ['Wrong#1111a', 'Wrong#2222a', 'Wrong#3333a', 'Wrong#4444a', 'Wrong#5555a', 'First#Pass2026']) {
    await modal.getByTestId('login-username').fill(username)
    await modal.getByTestId('login-password').fill(password)
    await modal.getByTestId('login-captcha').fill(answer2)
    answer2 = await readCaptcha(page, () => modal.getByTestId('login-submit').click())
    await expect(page.getByText('用户名或密码错误，或账号已被临时锁定').first()).toBeVisible()
  }
  await expect(page.getByTestId('header-login')).toBeVisible()
  const [locked] = await sql<{ locked: boolean }>('select locked_until > now() as locked from app_user where username = $1', [username])
  expect(locked?.locked).toBe(true)
  await page.keyboard.press('Escape')

  // reset by the e-mail code; the page logs the account in (and lifts the lock)
  const resetAnswer = await readCaptcha(page, () => page.goto('/chinese/resetPassword'))
  await page.getByTestId('reset-address').fill(email)
  await page.getByTestId('code-captcha').fill(resetAnswer)
  await page.getByTestId('code-send').click()
  await expect(page.getByTestId('code-send')).toContainText('秒后重新获取')
  const resetMail = await codeFromOutbox(email, mail.id)
  await page.getByTestId('reset-code').fill(resetMail.code)
  await page.getByTestId('reset-next').click()
  // the current password is one of the last five: the server refuses it in Chinese
  await page.getByTestId('reset-password').fill('First#Pass2026')
  await page.getByTestId('reset-password-confirm').fill('First#Pass2026')
  await page.getByTestId('reset-submit').click()
  await expect(page.getByText('新密码不能与最近5次使用过的密码相同')).toBeVisible()
  await page.getByTestId('reset-password').fill('Second#Pass2026')
  await page.getByTestId('reset-password-confirm').fill('Second#Pass2026')
  await page.getByTestId('reset-submit').click()
  await expect(page.getByText('密码已重置', { exact: true })).toBeVisible()
  await expect(page.getByTestId('header-logout')).toBeVisible()

  // thirty days later the warning links to the change form, which takes the old password
  await sql("update app_user set password_changed_at = now() - interval '40 days' where username = $1", [username])
  // the server reuses user information for SESSION_CACHE_MS (2 s); a change made behind its back shows after that:
  // wait until the server answers with it
  const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? ''
  await expect
    .poll(
      async () => {
        const info = await page.request.get('/api/userinfo/info', { headers: { token } })
        return Date.now() - Date.parse((await info.json()).data.lastModifyTime)
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(30 * 86_400_000)
  await page.getByTestId('header-logout').click()
  await page.goto('/chinese/home')
  await loginThroughPopup(page, username, 'Second#Pass2026')
  const warning = page.getByTestId('password-warning')
  await expect(warning).toContainText('登录密码长期未修改')
  const changeAnswer = await readCaptcha(page, () => warning.getByRole('link').click())
  await expect(page).toHaveURL(/\/chinese\/resetPassword\?mode=change$/)
  const change = page.getByTestId('change-password')
  await change.getByLabel('用户名/手机号/邮箱').fill(username)
  await change.getByLabel('原密码').fill('Second#Pass2026')
  await change.getByLabel('新密码', { exact: true }).fill('Third#Pass2026')
  await change.getByLabel('确认新密码').fill('Third#Pass2026')
  await change.getByPlaceholder('请输入右侧验证码').fill(changeAnswer)
  await change.getByRole('button', { name: '修改密码' }).click()
  await expect(page.getByText('密码已修改，请使用新密码登录')).toBeVisible()
  await expect(page.getByTestId('login-modal')).toBeVisible()

  const audit = await sql<{ action: string }>("select action from audit_log where target = $1 and outcome = 'success' order by id", [
    username,
  ])
  expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['register', 'login', 'passwordReset', 'passwordChange']))
  expect(watch.errors).toEqual([])
})
