/** A one-shot success message after a redirect (sealed flash cookie, read by the root loader). */
export function FlashMessage({ message }: { message: string }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4">
      <p
        role="status"
        className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900"
      >
        {message}
      </p>
    </div>
  )
}
