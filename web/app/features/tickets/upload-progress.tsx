import { toPersianDigits } from '@arzpol/contracts'
import { useRevalidator } from '@remix-run/react'
import { useState, type FormEvent } from 'react'
import type { FormErrors } from '~/utils/form-errors.ts'

/**
 * The browser half of an upload with a progress bar (the ticket thread's send form, the identity
 * page's photos): the form's data goes through XMLHttpRequest, which reports upload progress,
 * to a resource route that answers JSON (`answerUpload` in `script-upload.server.ts`). Without
 * JavaScript the same form is a plain multipart post to its page.
 */

interface UploadAnswer {
  ok: boolean
  errors?: FormErrors
  redirect?: string
}

export function useUploadWithProgress({
  url,
  serverErrors,
  failed,
}: {
  /** The resource route the script posts to. */
  url: string
  /** The page action's errors (a post without JavaScript): shown until the next upload. */
  serverErrors: FormErrors | undefined
  /** The Persian text when the upload got no readable answer. */
  failed: string
}) {
  const revalidator = useRevalidator()
  const [errors, setErrors] = useState(serverErrors)
  const [lastServerErrors, setLastServerErrors] = useState(serverErrors)
  if (serverErrors !== lastServerErrors) {
    setLastServerErrors(serverErrors)
    setErrors(serverErrors)
  }
  const [progress, setProgress] = useState<number | null>(null)

  /** Sends `formData`; on success resets `form`, calls `onSent` and reloads the page's data. */
  function send(form: HTMLFormElement, formData: FormData, onSent?: () => void) {
    setErrors(undefined)
    setProgress(0)
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (progressEvent) => {
      if (progressEvent.lengthComputable)
        setProgress(Math.round((progressEvent.loaded / progressEvent.total) * 100))
    }
    xhr.onload = () => {
      setProgress(null)
      let answer: UploadAnswer | null = null
      try {
        answer = JSON.parse(xhr.responseText) as UploadAnswer
      } catch {
        answer = null
      }
      if (xhr.status >= 200 && xhr.status < 300 && answer?.ok) {
        form.reset()
        onSent?.()
        revalidator.revalidate()
        return
      }
      if (answer?.redirect) {
        window.location.assign(answer.redirect)
        return
      }
      setErrors(answer?.errors ?? { form: [failed], fields: {} })
    }
    xhr.onerror = () => {
      setProgress(null)
      setErrors({ form: [failed], fields: {} })
    }
    xhr.send(formData)
  }

  /**
   * The form's submit handler: `check` reads the data as the browser can (field problems stop
   * the upload; it may also drop an empty part), then the data goes with progress.
   */
  function submitWith(
    check: (formData: FormData) => Record<string, string[]>,
    onSent?: () => void,
  ) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      if (progress !== null) return
      const form = event.currentTarget
      const formData = new FormData(form)
      const problems = check(formData)
      if (Object.keys(problems).length > 0) {
        setErrors({ form: [], fields: problems })
        return
      }
      send(form, formData, onSent)
    }
  }

  return { errors, progress, busy: progress !== null, submitWith }
}

/** The bar and its percentage while an upload runs. */
export function UploadProgress({
  progress,
  label,
  className = '',
}: {
  progress: number | null
  /** What the bar is called to a screen reader ("پیشرفت ارسال"). */
  label: string
  className?: string
}) {
  if (progress === null) return null
  return (
    <div className={`flex items-center gap-3 ${className}`} role="status">
      <progress
        max={100}
        value={progress}
        aria-label={label}
        className="h-2 flex-1 overflow-hidden rounded-full accent-teal-700"
      />
      <span className="text-sm text-slate-600 tabular-nums" data-testid="upload-progress">
        {toPersianDigits(progress)}٪
      </span>
    </div>
  )
}
