import {
  DEMO,
  expect,
  expectFieldError,
  expectFieldErrors,
  expectNoFieldError,
  expectToast,
  fillRegisterForm,
  liftMaxLength,
  newUser,
  pageTab,
  ready,
  test,
} from './utils'

/** The messages of a malformed email and a CNIC with dashes. */
const MALFORMED = { Email: 'Email must be valid email.', CNIC: 'Enter CNIC without dashes.' }

const REQUIRED = [
  ['Full Name', 'Please enter your full name.'],
  ['Email', 'Please enter email.'],
  ['Password', 'Please enter password.'],
  ['CNIC', 'Please enter your CNIC number.'],
  ['Address', 'Please enter your address.'],
  ['Role', 'Please enter account name.'],
  ['City', 'Please enter city name.'],
  ['Country', 'Please enter country name.'],
  ['Phone', 'Please enter phone name.'],
] as const

test.describe('register', () => {
  test.beforeEach(async ({ page, jsEnabled }) => {
    await page.goto('/register')
    await ready(page, jsEnabled)
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible()
  })

  test('has a link back to sign-in', async ({ page }) => {
    await page.getByRole('link', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible()
  })

  test('role offers PM and PMM', async ({ page }) => {
    await expect(page.getByLabel('Role').getByRole('option')).toHaveText([
      'Select a role',
      'PM',
      'PMM',
    ])
  })

  test('submitting an empty form shows every required message', async ({ page }) => {
    await page.getByRole('button', { name: 'Register' }).click()
    for (const [label, message] of REQUIRED) {
      await expectFieldError(page.getByLabel(label, { exact: true }), message)
    }
    await expect(page).toHaveURL(/\/register$/)
  })

  test('submitting too-short or malformed values shows their messages', async ({ page }) => {
    await fillRegisterForm(page, {
      ...newUser('pm'),
      name: 'Al',
      email: 'not-an-email',
      password: 'abc',
      cnic: '35202-1234567-1',
    })
    await page.getByRole('button', { name: 'Register' }).click()
    await expectFieldErrors(page, {
      ...MALFORMED,
      'Full Name': 'User name should be 3 or more than 3 characters.',
      Password: 'password should be 5 character long.',
    })
    // The valid fields stay quiet.
    for (const label of ['Address', 'Role', 'City', 'Country', 'Phone']) {
      await expectNoFieldError(page.getByLabel(label, { exact: true }))
    }
    await expect(page).toHaveURL(/\/register$/)
  })

  test('a CNIC shorter than 13 characters is refused', async ({ page }) => {
    await fillRegisterForm(page, { ...newUser('pm'), cnic: '123456789012' })
    await page.getByRole('button', { name: 'Register' }).click()
    await expectFieldError(page.getByLabel('CNIC'), 'Enter CNIC without dashes.')
  })

  test('too-long values are kept as typed and refused with their messages', async ({ page }) => {
    const name = page.getByLabel('Full Name')
    const password = page.getByLabel('Password')
    const address = page.getByLabel('Address')
    // Nothing is cut silently: a pasted 16-character password stays 16 characters.
    await password.fill('p'.repeat(16))
    await expect(password).toHaveValue('p'.repeat(16))
    for (const field of [name, password, address]) {
      await expect(field).not.toHaveAttribute('maxlength', /.*/)
    }

    // The validator refuses them with the spec's texts.
    await fillRegisterForm(page, {
      ...newUser('pmm'),
      name: 'n'.repeat(31),
      password: 'p'.repeat(16),
      address: 'a'.repeat(31),
    })
    await page.getByRole('button', { name: 'Register' }).click()
    await expectFieldError(name, 'User name should not exceed the 30 characters.')
    await expectFieldError(password, 'Password should be less than 15 characters.')
    await expectFieldError(address, 'Do not enter too long address')
    await expect(page).toHaveURL(/\/register$/)
  })

  test('errors show once a field is touched (with JavaScript) or after submit (without)', async ({
    page,
    jsEnabled,
  }) => {
    const posts: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url())
    })

    // Touching one field and leaving it.
    await page.getByLabel('Full Name').focus()
    await page.getByLabel('Full Name').blur()
    if (jsEnabled) {
      await expectFieldError(page.getByLabel('Full Name'), 'Please enter your full name.')
    } else {
      // Nothing can check the field before the form is sent.
      await expectNoFieldError(page.getByLabel('Full Name'))
    }
    // Untouched fields stay quiet.
    await expectNoFieldError(page.getByLabel('Email'))
    await expect(page.getByText('Please enter email.')).toBeHidden()

    // Each required field in turn.
    for (const [label, message] of REQUIRED.slice(1)) {
      const field = page.getByLabel(label, { exact: true })
      await field.focus()
      await field.blur()
      if (jsEnabled) await expectFieldError(field, message)
    }

    // Bad values, once left.
    const cases = [
      ['Full Name', 'Al', 'User name should be 3 or more than 3 characters.'],
      ['Email', 'someone@', 'Email must be valid email.'],
      ['Password', 'abcd', 'password should be 5 character long.'],
      ['CNIC', '35202-1234567-1', 'Enter CNIC without dashes.'],
      ['Full Name', 'n'.repeat(31), 'User name should not exceed the 30 characters.'],
      ['Password', 'p'.repeat(16), 'Password should be less than 15 characters.'],
      ['Address', 'a'.repeat(31), 'Do not enter too long address'],
    ] as const
    for (const [label, value, message] of cases) {
      const field = page.getByLabel(label, { exact: true })
      await liftMaxLength(field)
      await field.fill(value)
      await field.blur()
      if (jsEnabled) await expectFieldError(field, message)
    }

    if (jsEnabled) {
      // Fixing a value clears its error as the user types.
      await page.getByLabel('Full Name').fill('Ayesha Khan')
      await expectNoFieldError(page.getByLabel('Full Name'))
      await page.getByLabel('Role').selectOption({ label: 'PMM' })
      await expectNoFieldError(page.getByLabel('Role'))
      expect(posts, 'no request is sent while validating').toEqual([])
    } else {
      expect(posts).toEqual([])
      await page.getByRole('button', { name: 'Register' }).click()
      await expectFieldErrors(page, {
        ...MALFORMED,
        'Full Name': 'User name should not exceed the 30 characters.',
        Password: 'Password should be less than 15 characters.',
        Address: 'Do not enter too long address',
        Role: 'Please enter account name.',
        City: 'Please enter city name.',
      })
    }
    await expect(page).toHaveURL(/\/register$/)
  })

  for (const role of ['pm', 'pmm'] as const) {
    test(`a new ${role.toUpperCase()} lands on their dashboard`, async ({ page }) => {
      const user = newUser(role)
      await fillRegisterForm(page, user)
      await page.getByRole('button', { name: 'Register' }).click()
      await expect(page).toHaveURL(/\/dashboard$/)
      await expectToast(page, 'User registered successfully', 'success')
      await expect(pageTab(page, `${role.toUpperCase()} Dashboard`)).toBeVisible()
      await expect(page.getByRole('banner').getByText(user.name, { exact: true })).toBeVisible()
    })
  }

  test('emails are compared case-insensitively', async ({ page }) => {
    await fillRegisterForm(page, { ...newUser('pm'), email: DEMO.pmm.toUpperCase() })
    await page.getByRole('button', { name: 'Register' }).click()
    await expectFieldError(page.getByLabel('Email'), 'This email is already registered.')

    const user = newUser('pm')
    await fillRegisterForm(page, { ...user, email: user.email.toUpperCase() })
    await page.getByRole('button', { name: 'Register' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.goto('/userProfile')
    await expect(page.getByLabel('Email')).toHaveValue(user.email)
  })

  test('a registered email is refused on the field and the typed values stay', async ({ page }) => {
    const user = { ...newUser('pmm'), email: DEMO.pm }
    await fillRegisterForm(page, user)
    await page.getByRole('button', { name: 'Register' }).click()
    await expectFieldError(page.getByLabel('Email'), 'This email is already registered.')
    await expect(page).toHaveURL(/\/register$/)
    await expect(page.getByLabel('Full Name')).toHaveValue(user.name)
    await expect(page.getByLabel('Email')).toHaveValue(user.email)
    await expect(page.getByLabel('CNIC')).toHaveValue(user.cnic)
    await expect(page.getByLabel('Address')).toHaveValue(user.address)
    await expect(page.getByLabel('Role')).toHaveValue('pmm')
    await expect(page.getByLabel('City')).toHaveValue(user.city)
    await expect(page.getByLabel('Country')).toHaveValue(user.country)
    await expect(page.getByLabel('Phone')).toHaveValue(user.phone)
    // No other field is in error.
    for (const label of ['Full Name', 'CNIC', 'Address', 'Role', 'City', 'Country', 'Phone']) {
      await expectNoFieldError(page.getByLabel(label, { exact: true }))
    }
  })
})
