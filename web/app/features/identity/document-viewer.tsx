import { IDENTITY_DOCUMENT_LABELS } from '@arzpol/contracts/identity/document-kinds'
import type { IdentityDocumentKind } from '@arzpol/contracts/identity/document-kinds'
import { formatNumberFa } from '@arzpol/contracts'
import { Link } from '@remix-run/react'
import { linkButtonClass } from '~/features/staff/ui.tsx'

/**
 * The in-page viewer of a level-2 request's photos. Which photo, how large and how turned live in
 * the address (`?document=7&zoom=1&turn=3`), so every control is a plain link that works without
 * JavaScript and a colleague can be sent the exact view. The image is an `<img>` of the audited
 * document route: a browser never runs an image, and each opening stays on record.
 */

/**
 * Widths of the photo, one step per press of «بزرگ‌نمایی»: against the viewer's width upright,
 * against the screen's height on its side (where its width becomes its height).
 */
const UPRIGHT_WIDTHS = ['w-full', 'w-[150%]', 'w-[200%]', 'w-[300%]'] as const
const SIDEWAYS_WIDTHS = ['w-[60vh]', 'w-[90vh]', 'w-[120vh]', 'w-[180vh]'] as const
const ZOOM_LABELS = ['۱۰۰٪', '۱۵۰٪', '۲۰۰٪', '۳۰۰٪'] as const
/** Quarter turns clockwise. */
const TURN_CLASSES = ['rotate-0', 'rotate-90', 'rotate-180', 'rotate-270'] as const

const photoClass = (zoom: number, turn: number) =>
  `max-w-none shrink-0 ${(turn % 2 ? SIDEWAYS_WIDTHS : UPRIGHT_WIDTHS)[zoom]} ${TURN_CLASSES[turn]}`

export interface ViewedDocument {
  id: number
  kind: IdentityDocumentKind
}

export interface ViewerState {
  document: ViewedDocument
  zoom: number
  turn: number
}

const step = (value: string | null, count: number) => {
  const parsed = Number(value ?? 0)
  return Number.isInteger(parsed) && parsed >= 0 && parsed < count ? parsed : 0
}

/** The view the address asks for, or null when it names no photo of this request. */
export function viewerState(
  params: URLSearchParams,
  documents: readonly ViewedDocument[],
): ViewerState | null {
  const id = params.get('document')
  const document = documents.find((doc) => String(doc.id) === id)
  if (!document) return null
  return {
    document,
    zoom: step(params.get('zoom'), ZOOM_LABELS.length),
    turn: step(params.get('turn'), TURN_CLASSES.length),
  }
}

/** The address of a view (relative: the page's own path). */
export const viewHref = (view: { document: { id: number }; zoom?: number; turn?: number }) =>
  `?${new URLSearchParams({
    document: String(view.document.id),
    zoom: String(view.zoom ?? 0),
    turn: String(view.turn ?? 0),
  }).toString()}#viewer`

export function DocumentViewer(props: { view: ViewerState; src: string }) {
  const { view, src } = props
  const { document, zoom, turn } = view
  const label = IDENTITY_DOCUMENT_LABELS[document.kind]
  const control = (text: string, next: Partial<ViewerState>, disabled = false) =>
    disabled ? (
      <span className={`${linkButtonClass} opacity-50`} aria-disabled="true">
        {text}
      </span>
    ) : (
      <Link to={viewHref({ ...view, ...next })} preventScrollReset className={linkButtonClass}>
        {text}
      </Link>
    )
  return (
    <section
      id="viewer"
      aria-label={`نمایشگر مدرک: ${label}`}
      className="flex scroll-mt-24 flex-col gap-3"
      data-testid="document-viewer"
      data-document={document.id}
      data-zoom={zoom}
      data-turn={turn}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{label}</span>
        <span className="text-sm text-slate-500" data-testid="viewer-zoom">
          {ZOOM_LABELS[zoom]}
        </span>
        <span className="flex-1" />
        {control('بزرگ‌نمایی', { zoom: zoom + 1 }, zoom === ZOOM_LABELS.length - 1)}
        {control('کوچک‌نمایی', { zoom: zoom - 1 }, zoom === 0)}
        {control('چرخش ۹۰ درجه', { turn: (turn + 1) % TURN_CLASSES.length })}
        {control('اندازه و جهت اصلی', { zoom: 0, turn: 0 }, zoom === 0 && turn === 0)}
      </div>
      {/* An enlarged photo scrolls inside this frame: focusable, so the arrow keys move it too. */}
      <div
        tabIndex={0}
        role="region"
        aria-label={`${label}: تصویر`}
        className="flex max-h-[75vh] min-h-[65vh] items-center-safe justify-center-safe overflow-auto rounded-xl bg-slate-900 p-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-500"
      >
        <img
          src={src}
          alt={`${label} (چرخش ${formatNumberFa(turn * 90)} درجه)`}
          className={photoClass(zoom, turn)}
          data-testid="viewer-image"
        />
      </div>
    </section>
  )
}
