/**
 * The recovery codes of a fresh enrolment as a text file (ADR 035). The page that shows them
 * (once) posts them back here: the server keeps no copy to serve, and the codes never appear in
 * a URL. The answer only echoes what was posted, so it needs no session; web's server refuses
 * form posts from other origins.
 */

const CODE = /^[a-z2-7]{5}-[a-z2-7]{5}$/
const MOST_CODES = 20

export const RECOVERY_CODES_FILE_NAME = 'arzpol-recovery-codes.txt'

export const RECOVERY_CODES_FILE_TEXT = {
  title: 'ارزپل — کدهای بازیابی تأیید دومرحله‌ای',
  howTo:
    'اگر به برنامه تأیید دومرحله‌ای دسترسی ندارید، هنگام ورود یکی از این کدها را وارد کنید. هر کد فقط یک بار کار می‌کند. این فایل را در جای امنی نگه دارید.',
  invalid: 'کدهای بازیابی نامعتبرند؛ آن‌ها را از صفحه کدها دوباره دریافت کنید.',
} as const

function plain(status: number, text: string, headers: Record<string, string> = {}) {
  return new Response(text, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  })
}

export async function recoveryCodesFile(request: Request): Promise<Response> {
  let codes: string[]
  try {
    codes = (await request.formData()).getAll('code').map(String)
  } catch {
    return plain(400, RECOVERY_CODES_FILE_TEXT.invalid)
  }
  if (codes.length === 0 || codes.length > MOST_CODES || !codes.every((code) => CODE.test(code))) {
    return plain(400, RECOVERY_CODES_FILE_TEXT.invalid)
  }
  // A byte order mark: older Windows editors then read the Persian lines as UTF-8.
  const text = `\ufeff${RECOVERY_CODES_FILE_TEXT.title}\r\n${RECOVERY_CODES_FILE_TEXT.howTo}\r\n\r\n${codes.join('\r\n')}\r\n`
  return plain(200, text, {
    'Content-Disposition': `attachment; filename="${RECOVERY_CODES_FILE_NAME}"`,
  })
}
