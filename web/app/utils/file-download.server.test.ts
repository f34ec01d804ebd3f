import { describe, expect, it } from 'vitest'
import { streamDownload } from './file-download.server.ts'

const session = () => new Headers({ 'Set-Cookie': 'arzpol_session=rotated; Path=/' })

describe('streamDownload', () => {
  it('passes a known type on, always as an attachment that cannot run', async () => {
    const upstream = new Response('%PDF-1.7', {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'inline; filename="x.pdf"',
        'Content-Length': '8',
      },
    })
    const response = await streamDownload(upstream, session())
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/pdf')
    expect(response.headers.get('Content-Disposition')).toBe('attachment')
    expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox")
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(response.headers.get('Set-Cookie')).toContain('rotated')
    expect(await response.text()).toBe('%PDF-1.7')
  })

  it('turns any other type into an opaque download and names the file when asked', async () => {
    const upstream = new Response('<script>alert(1)</script>', {
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    })
    const response = await streamDownload(upstream, session(), { filename: 'فیش حقوق.pdf' })
    expect(response.headers.get('Content-Type')).toBe('application/octet-stream')
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('فیش حقوق.pdf')}`,
    )
  })

  it('shows a photo inline only when asked, and never anything else', async () => {
    const photo = () =>
      new Response('png', {
        headers: { 'Content-Type': 'image/png', 'Content-Disposition': 'attachment' },
      })
    const shown = await streamDownload(photo(), session(), { inline: true })
    expect(shown.headers.get('Content-Disposition')).toBe('inline')
    expect(shown.headers.get('Content-Type')).toBe('image/png')
    expect(shown.headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin')
    expect(shown.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox")
    expect((await streamDownload(photo(), session())).headers.get('Content-Disposition')).toBe(
      'attachment',
    )
    for (const type of ['application/pdf', 'image/svg+xml', 'text/html']) {
      const upstream = new Response('<svg onload="alert(1)"/>', {
        headers: { 'Content-Type': type },
      })
      const response = await streamDownload(upstream, session(), { inline: true })
      expect([type, response.headers.get('Content-Disposition')]).toEqual([type, 'attachment'])
    }
  })

  it('answers in Persian when the file is missing, the service is down or fails', async () => {
    const missing = await streamDownload(new Response('no', { status: 404 }), session())
    expect([missing.status, await missing.text()]).toEqual([404, 'فایل یافت نشد'])
    const down = await streamDownload(null, session())
    expect([down.status, await down.text()]).toEqual([503, 'سرویس پرداخت در دسترس نیست'])
    const failed = await streamDownload(new Response('boom', { status: 500 }), session())
    expect([failed.status, await failed.text()]).toEqual([502, 'دریافت فایل ممکن نشد'])
  })
})
