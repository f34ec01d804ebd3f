import { Discuss } from '@strapi/icons'
import { useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { useFetchClient, Widget } from '@strapi/strapi/admin'

import { ownMessages } from './own-messages'

const text = ownMessages('held-comments')

const COMMENT = 'api::comment.comment'

/** The comment list filtered to those waiting, oldest first: the moderator's queue. */
export const HELD_COMMENTS_LIST = `/content-manager/collection-types/${COMMENT}?filters[$and][0][moderationStatus][$eq]=pending&sort=createdAt:ASC&page=1&pageSize=20`

interface CommentPage {
  pagination: { total: number }
}

/**
 * A home-page card that tells moderators, as soon as they open the admin, how many comments the
 * screening held for them (those only they can publish), with the way to the queue.
 */
function HeldComments() {
  const { get } = useFetchClient()
  const { formatMessage } = useIntl()
  const [count, setCount] = useState<number | 'failed' | null>(null)
  useEffect(() => {
    let current = true
    get<CommentPage>(`/content-manager/collection-types/${COMMENT}`, {
      params: { page: 1, pageSize: 1, filters: { moderationStatus: { $eq: 'pending' } } },
    })
      .then(({ data }) => current && setCount(data.pagination.total))
      .catch(() => current && setCount('failed'))
    return () => {
      current = false
    }
  }, [get])
  if (count === null) return <Widget.Loading />
  if (count === 'failed') return <Widget.Error />
  if (count === 0) return <Widget.NoData>{formatMessage(text('none'))}</Widget.NoData>
  return <p>{formatMessage(text('waiting'), { count })}</p>
}

/** Registered in app.tsx for whoever may moderate comments. */
export const heldCommentsWidget = {
  id: 'held-comments',
  icon: Discuss,
  title: text('title'),
  link: { label: text('link'), href: HELD_COMMENTS_LIST },
  component: async () => HeldComments,
  permissions: [{ action: 'plugin::content-manager.explorer.update', subject: COMMENT }],
}
