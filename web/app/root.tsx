// First: before any module builds a schema (see the module).
import './utils/validation-without-eval.ts'
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from '@remix-run/react'
import { useRef, type ReactNode } from 'react'
// The Arabic-script subset of Vazirmatn (48 KB instead of 111 KB); Latin text uses the system font.
import fontUrl from 'vazirmatn/misc/Non-Latin/fonts/webfonts/Vazirmatn-NL[wght].woff2?url'
import { FlashMessage } from './components/flash-message.tsx'
import { SiteFooter } from '~/features/site/site-footer.tsx'
import { SiteHeader } from '~/features/site/site-header.tsx'
import { BackOfficeHeader, wantsBackOffice } from '~/features/staff/back-office-chrome.tsx'
import appCss from './styles/app.css?url'
import {
  destroySession,
  flashCookie,
  getSessionTokens,
  hasSessionCookie,
} from '~/features/auth/session.server.ts'
import { readCookie } from './utils/sealed-cookie.server.ts'
import { shouldHydrate } from './utils/hydration.ts'
import { getEnv } from './utils/env.server.ts'
import { useNonce } from './utils/nonce.ts'

const jalaliYear = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
  year: 'numeric',
  timeZone: 'Asia/Tehran',
})

export async function loader({ request }: LoaderFunctionArgs) {
  const headers = new Headers()
  // The header shows the dashboard button when tokens are stored. Whether they still
  // work is the dashboard's business (it checks them with payments-service).
  const signedIn = getSessionTokens(request) !== null
  if (!signedIn && hasSessionCookie(request)) headers.append('Set-Cookie', destroySession())
  const flash = flashCookie.read(request)
  if (readCookie(request.headers.get('Cookie'), flashCookie.name) !== null) {
    headers.append('Set-Cookie', flashCookie.clear())
  }
  return data(
    {
      signedIn,
      flash: flash?.message ?? null,
      year: jalaliYear.format(new Date()),
      // For canonical and Open Graph URLs in routes' meta (features/content/seo.ts).
      publicUrl: getEnv().WEB_PUBLIC_URL,
    },
    { headers },
  )
}

export const links: LinksFunction = () => [
  { rel: 'preload', href: fontUrl, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'stylesheet', href: appCss },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export const meta: MetaFunction = () => [{ title: 'ارزپل' }]

/**
 * The flash message stays on screen until the customer goes to another page. A live update
 * loads the page's data again, and the root's loader has by then cleared the one-time message,
 * so without this it vanished the moment the order it announced moved on.
 */
function useFlashOfThisPage(flash: string | null | undefined): string | null {
  const { key } = useLocation()
  const kept = useRef({ key, message: null as string | null })
  if (kept.current.key !== key) kept.current = { key, message: null }
  if (flash) kept.current.message = flash
  return kept.current.message
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root')
  const flash = useFlashOfThisPage(rootData?.flash)
  // Pages that opt out (route `handle.hydrate`) are complete HTML and load no JavaScript.
  const matches = useMatches()
  const hydrate = shouldHydrate(matches)
  // The back office has its own chrome: no customers' menu or footer around support's work.
  const backOffice = wantsBackOffice(matches)
  // The CSP admits inline scripts only with this response's nonce (entry.server.tsx).
  const nonce = useNonce()
  return (
    <html lang="fa" dir="rtl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col font-sans">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:start-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
        >
          پرش به محتوای اصلی
        </a>
        {backOffice ? <BackOfficeHeader /> : <SiteHeader signedIn={rootData?.signedIn ?? false} />}
        {flash ? <FlashMessage message={flash} /> : null}
        <main id="main" className="flex flex-1 flex-col">
          {children}
        </main>
        {backOffice ? null : <SiteFooter year={rootData?.year ?? ''} />}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export { GeneralErrorBoundary as ErrorBoundary } from './components/error-boundary.tsx'
