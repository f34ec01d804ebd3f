import { cx } from './cx.ts'

/**
 * The few line icons the cms refers to by name (`icon` of cards and features). Decorative: the
 * text beside each icon says everything. An unknown name gets a neutral mark.
 */
const PATHS: Record<string, string> = {
  wallet: 'M4 7h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a1 1 0 0 1-1-1V7Zm0 0 11-3v3m1 7h1',
  repeat: 'M17 2l3 3-3 3M4 11V9a4 4 0 0 1 4-4h12M7 22l-3-3 3-3m13-3v2a4 4 0 0 1-4 4H4',
  refresh: 'M20 11A8 8 0 0 0 6 6L4 8m0-4v4h4m-4 5a8 8 0 0 0 14 5l2-2m0 4v-4h-4',
  briefcase: 'M3 8h18v11H3zM8 8V5h8v3M3 13h18',
  shield: 'M12 3 5 6v5c0 4.5 3 8.3 7 9.5 4-1.2 7-5 7-9.5V6l-7-3Zm-3 9 2 2 4-4',
  lock: 'M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4',
  zap: 'M13 3 5 14h6l-1 7 8-11h-6l1-7Z',
  headset:
    'M4 13v-1a8 8 0 0 1 16 0v1M4 13v3a2 2 0 0 0 2 2h1v-6H6a2 2 0 0 0-2 2Zm16 0v3a2 2 0 0 1-2 2h-1v-6h1a2 2 0 0 1 2 2Z',
  'message-circle': 'M21 12a8 8 0 0 1-12 7l-5 1 1-4a8 8 0 1 1 16-4Z',
  eye: 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  globe: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  cloud: 'M7 18h10a4 4 0 0 0 0-8 6 6 0 0 0-11.5 1.5A3.5 3.5 0 0 0 7 18Z',
  server: 'M4 4h16v7H4zM4 13h16v7H4zM8 8h.01M8 17h.01',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13v5l3 2',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4m8-4v4',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2V3Zm3 5h6m-6 4h6',
  'file-text': 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6m-6 4h6',
  'file-check': 'M6 3h8l4 4v14H6zM14 3v4h4m-9 7 2 2 4-4',
  passport: 'M6 3h12v18H6zM12 14a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-3 4h6',
  'graduation-cap': 'M2 9l10-5 10 5-10 5L2 9Zm4 2v5c3 2 9 2 12 0v-5',
  plane: 'M10 13 3 11l1-2 8 1 5-6 2 1-3 7 5 3-1 2-6-2-4 5-2-1 2-6Z',
  users:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 10v-1a6 6 0 0 1 12 0v1m2-10a3 3 0 0 0 0-6m6 16v-1a5 5 0 0 0-4-5',
  'user-check': 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 10v-1a6 6 0 0 1 12 0v1m2-10 2 2 4-4',
  'trending-up': 'M3 17l6-6 4 4 8-8m-5 0h5v5',
  activity: 'M3 12h4l3-8 4 16 3-8h4',
  megaphone: 'M3 10v4h4l8 5V5L7 10H3Zm15-1a4 4 0 0 1 0 6',
  gift: 'M4 9h16v4H4zM5 13h14v8H5zM12 9v12M12 9c-2-5-6-4-6-1 0 1 1 1 6 1Zm0 0c2-5 6-4 6-1 0 1-1 1-6 1Z',
  award: 'M12 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12Zm-3 0-1 7 4-2 4 2-1-7',
  code: 'M8 6 2 12l6 6m8-12 6 6-6 6',
  calculator: 'M5 3h14v18H5zM8 7h8M8 12h.01M12 12h.01M16 12h.01M8 16h.01M12 16h.01M16 16h.01',
  list: 'M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01',
  map: 'M3 6l6-3 6 3 6-3v15l-6 3-6-3-6 3V6Zm6-3v15m6-12v15',
  'pen-tool':
    'M12 19l7-7 3 3-7 7-3-3Zm6-5-1.5-7.5L3 3l3.5 13.5L14 18M3 3l7.6 7.6M13 13a2 2 0 1 0-4 0 2 2 0 0 0 4 0Z',
  'play-circle': 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-2-12 5 3-5 3V9Z',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm0-12v3m0 12v3M3 12h3m12 0h3M5.6 5.6l2.1 2.1m8.6 8.6 2.1 2.1m0-12.8-2.1 2.1m-8.6 8.6-2.1 2.1',
  'more-horizontal': 'M6 12h.01M12 12h.01M18 12h.01',
}

const FALLBACK = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-4-9 3 3 5-5'

/**
 * A 24×24 line icon drawn in the text's colour. Decorative: the control or the text beside it
 * carries the meaning.
 */
export function LineIcon({
  d,
  className,
  strokeWidth = '2',
}: {
  d: string
  className?: string | undefined
  strokeWidth?: string
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  )
}

export function Icon({ name, className }: { name: string; className?: string }) {
  return (
    <LineIcon
      d={PATHS[name] ?? FALLBACK}
      strokeWidth="1.8"
      className={cx('size-11 rounded-xl bg-teal-50 p-2.5 text-teal-800', className)}
    />
  )
}
