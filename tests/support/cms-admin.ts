import { randomBytes } from 'node:crypto'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { CMS_ADMIN } from './blog.ts'
import { e2eUrls } from './ports.ts'

// The Strapi admin as its people use it: editors and moderators are admin users with our roles.

async function superAdminHeaders(request: APIRequestContext) {
  const login = await request.post(`${e2eUrls.cms}/admin/login`, { data: CMS_ADMIN })
  expect(login.status(), await login.text()).toBe(200)
  const { token } = ((await login.json()) as { data: { token: string } }).data
  return { Authorization: `Bearer ${token}` }
}

/**
 * Invites a new admin user with one of our roles and completes their registration, as a person
 * following the invitation link would; returns their sign-in.
 */
export async function newCmsColleague(
  request: APIRequestContext,
  roleCode: 'arzpol-editor' | 'arzpol-moderator',
): Promise<{ email: string; password: string }> {
  const headers = await superAdminHeaders(request)
  const roles = await request.get(`${e2eUrls.cms}/admin/roles`, { headers })
  const role = ((await roles.json()) as { data: { id: number; code: string }[] }).data.find(
    (candidate) => candidate.code === roleCode,
  )
  expect(role, `role ${roleCode}`).toBeDefined()
  const email = `${roleCode}-${randomBytes(4).toString('hex')}@arzpol.local`
  const invited = await request.post(`${e2eUrls.cms}/admin/users`, {
    headers,
    data: { email, firstname: 'مریم', lastname: 'احمدی', roles: [role!.id] },
  })
  expect(invited.status(), await invited.text()).toBe(201)
  const { registrationToken } = ((await invited.json()) as { data: { registrationToken: string } })
    .data
  const password = `Editor-${randomBytes(6).toString('hex')}-1404`
  const registered = await request.post(`${e2eUrls.cms}/admin/register`, {
    data: { registrationToken, userInfo: { firstname: 'مریم', lastname: 'احمدی', password } },
  })
  expect(registered.status(), await registered.text()).toBe(200)
  return { email, password }
}

// Names, tokens and example addresses that are the same in Persian.
const SAME_IN_PERSIAN = /\b(?:Strapi|API|URL|ID|UID|SEO|Markdown)\b|[\w.+-]+@[\w.-]+/g

/**
 * The interface texts on screen that are still English: headings, labels, buttons, tabs, column
 * headers, links of the menus and placeholders. Content (table cells, what fields hold, the rich
 * text) is the editor's, in whatever language they wrote it.
 */
export async function englishOnScreen(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = []
    const chrome = 'h1, h2, h3, h4, label, button, th, [role="tab"], nav a, legend'
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(chrome))) {
      if (element.closest('td, [contenteditable="true"]') || !element.checkVisibility()) continue
      found.push(element.innerText)
    }
    for (const field of Array.from(document.querySelectorAll<HTMLInputElement>('[placeholder]'))) {
      if (field.checkVisibility()) found.push(field.placeholder)
    }
    return found
  })
  // A text with Persian in it is ours, even when it quotes content ("از .com و .net"); Strapi's
  // untranslated strings are English through and through.
  const english = (text: string) =>
    /[A-Za-z]{2,}/.test(text.replace(SAME_IN_PERSIAN, '')) && !/[\u0600-\u06FF]/.test(text)
  return [...new Set(texts.filter(english))]
}
