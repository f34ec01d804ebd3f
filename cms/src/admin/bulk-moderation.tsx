import { Button, Field, Flex, Modal, Textarea, Typography } from '@strapi/design-system'
import { Check, EyeStriked } from '@strapi/icons'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { useDispatch } from 'react-redux'
import type { BulkActionComponent } from '@strapi/content-manager/strapi-admin'
import {
  adminApi,
  useFetchClient,
  useNotification,
  useTable,
  type FetchError,
} from '@strapi/strapi/admin'

import { ownMessages } from './own-messages'

const text = ownMessages('bulk-moderation')

const COMMENT = 'api::comment.comment'
/** The comment's own limit on a moderator's note. */
const MAX_REASON = 500

type Decision = 'approved' | 'spam'

interface Outcome {
  done: number
  failed: number
  /** What the cms answered for the first comment it refused (the audit's Persian message). */
  firstError: string | null
}

function errorMessageOf(error: unknown): string | null {
  const body = (error as FetchError | undefined)?.response?.data as
    { error?: { message?: unknown } } | undefined
  const message = body?.error?.message
  return typeof message === 'string' ? message : null
}

/**
 * Sets the decision and its reason on each comment, one request per comment, through the same
 * update the edit view makes: the moderator's permissions apply and each decision reaches the
 * staff audit chain on its own (the cms refuses any it cannot record, and says why).
 */
function useDecideMany() {
  const { put } = useFetchClient()
  const dispatch = useDispatch()
  return async (documentIds: string[], decision: Decision, reason: string): Promise<Outcome> => {
    const outcome: Outcome = { done: 0, failed: 0, firstError: null }
    for (const documentId of documentIds) {
      try {
        await put(`/content-manager/collection-types/${COMMENT}/${documentId}`, {
          moderationStatus: decision,
          moderatorNote: reason,
        })
        outcome.done += 1
      } catch (error) {
        outcome.failed += 1
        outcome.firstError ??= errorMessageOf(error)
      }
    }
    // The content manager's lists are cached under the Document tag it adds to the admin's API.
    const lists = [{ type: 'Document', id: `${COMMENT}_LIST` }] as unknown as Parameters<
      typeof adminApi.util.invalidateTags
    >[0]
    dispatch(adminApi.util.invalidateTags(lists))
    return outcome
  }
}

function ReasonForm({
  documentIds,
  decision,
  onClose,
}: {
  documentIds: string[]
  decision: Decision
  onClose: () => void
}) {
  const { formatMessage } = useIntl()
  const { toggleNotification } = useNotification()
  const selectRow = useTable('BulkModeration', (state) => state.selectRow)
  const decideMany = useDecideMany()
  const [reason, setReason] = useState('')
  const [missing, setMissing] = useState(false)
  const [busy, setBusy] = useState(false)

  const confirm = async () => {
    const written = reason.trim()
    if (!written) {
      setMissing(true)
      return
    }
    setBusy(true)
    const outcome = await decideMany(documentIds, decision, written)
    setBusy(false)
    if (outcome.done > 0) {
      toggleNotification({
        type: 'success',
        message: formatMessage(text(decision === 'approved' ? 'approved' : 'hidden'), {
          count: outcome.done,
        }),
      })
    }
    if (outcome.failed > 0) {
      toggleNotification({
        type: 'danger',
        message: [formatMessage(text('failed'), { count: outcome.failed }), outcome.firstError]
          .filter(Boolean)
          .join(' '),
      })
    }
    selectRow([])
    onClose()
  }

  return (
    <>
      <Modal.Body>
        <Flex direction="column" alignItems="stretch" gap={4}>
          <Typography>
            {formatMessage(text(decision === 'approved' ? 'approve-intro' : 'hide-intro'), {
              count: documentIds.length,
            })}
          </Typography>
          <Field.Root
            name="moderatorNote"
            required
            error={missing ? formatMessage(text('reason-required')) : undefined}
          >
            <Field.Label>{formatMessage(text('reason'))}</Field.Label>
            <Textarea
              value={reason}
              maxLength={MAX_REASON}
              onChange={(event: React.ChangeEvent<HTMLTextAreaElement>) => {
                setReason(event.target.value)
                setMissing(false)
              }}
            />
            <Field.Error />
          </Field.Root>
        </Flex>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="tertiary" onClick={onClose}>
          {formatMessage(text('cancel'))}
        </Button>
        <Button
          variant={decision === 'approved' ? 'success' : 'danger'}
          loading={busy}
          onClick={confirm}
        >
          {formatMessage(text(decision === 'approved' ? 'approve-confirm' : 'hide-confirm'))}
        </Button>
      </Modal.Footer>
    </>
  )
}

/** One bulk action of the comment list: the chosen decision, with a reason, for every row. */
const decideSelected = (decision: Decision): BulkActionComponent => {
  const Action: BulkActionComponent = ({ documents, model }) => {
    const { formatMessage } = useIntl()
    if (model !== COMMENT) return null
    const approving = decision === 'approved'
    return {
      label: formatMessage(text(approving ? 'approve' : 'hide')),
      icon: approving ? <Check /> : <EyeStriked />,
      variant: approving ? 'success-light' : 'danger-light',
      dialog: {
        type: 'modal',
        title: formatMessage(text(approving ? 'approve-title' : 'hide-title'), {
          count: documents.length,
        }),
        content: ({ onClose }) => (
          <ReasonForm
            documentIds={documents.map((document) => document.documentId)}
            decision={decision}
            onClose={onClose}
          />
        ),
      },
    }
  }
  return Action
}

/** Moderators approve or hide many held comments at once, each decision with its reason. */
export const BULK_MODERATION_ACTIONS: BulkActionComponent[] = [
  decideSelected('approved'),
  decideSelected('spam'),
]
