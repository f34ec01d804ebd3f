/**
 * Sanitised cms HTML (see cms-html.server.ts, the only producer of `html`). The cms sends
 * no classes, so the typography is set here on the container.
 */

const postLook = [
  'text-base leading-8 text-slate-800 break-words',
  '[&_p]:my-4',
  '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-extrabold [&_h2]:text-slate-900',
  '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-slate-900',
  '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:text-lg [&_h4]:font-bold',
  '[&_h5]:mt-6 [&_h5]:font-bold [&_h6]:mt-6 [&_h6]:font-bold',
  '[&_ul]:my-4 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-4 [&_ol]:list-[persian] [&_ol]:ps-6',
  '[&_li]:my-1.5 [&_li_ul]:my-1 [&_li_ol]:my-1',
  '[&_blockquote]:my-6 [&_blockquote]:border-s-4 [&_blockquote]:border-teal-600 [&_blockquote]:bg-teal-50/60 [&_blockquote]:py-3 [&_blockquote]:ps-4 [&_blockquote]:pe-3 [&_blockquote]:text-slate-700',
  '[&_a]:font-medium [&_a]:text-teal-700 [&_a]:underline [&_a]:underline-offset-4 hover:[&_a]:text-teal-900',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-sm',
  '[&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-start [&_pre]:text-sm [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_figure]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl [&_figcaption]:mt-2 [&_figcaption]:text-sm [&_figcaption]:text-slate-500',
  '[&_hr]:my-8 [&_hr]:border-slate-200',
].join(' ')

const commentLook = [
  'text-sm leading-7 text-slate-800 whitespace-pre-line break-words',
  '[&_a]:text-teal-700 [&_a]:underline [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1',
].join(' ')

export function RichText({
  html,
  variant,
  ...rest
}: {
  html: string
  variant: 'post' | 'comment'
  'data-testid'?: string
}) {
  return (
    <div
      className={variant === 'post' ? postLook : commentLook}
      // The only dangerouslySetInnerHTML in web: `html` was sanitised on the server.
      dangerouslySetInnerHTML={{ __html: html }}
      {...rest}
    />
  )
}
