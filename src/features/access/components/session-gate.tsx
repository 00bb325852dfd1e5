import type { UserAccess } from '@contract'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { messages } from '@/lib/messages'
import { FullScreenMessage, RetryButton } from '@/lib/ui/full-screen-message'
import { accessQueryOptions } from '../api.ts'

/**
 * docs/specification.md §4 session gate, once a token is known to exist: loading -> splash; failed or empty ->
 * full-screen error; loaded -> the app. A profile already loaded stays in use when a background
 * poll fails (offline), so work is not interrupted.
 */
export function SessionGate({
  loading,
  children,
}: {
  loading: ReactNode
  children: (access: UserAccess) => ReactNode
}) {
  const access = useQuery(accessQueryOptions())
  if (access.data) return children(access.data)
  if (access.isPending) return loading
  return (
    <FullScreenMessage
      text={messages.errors.accessLoad}
      action={<RetryButton label={messages.errors.retry} onRetry={() => void access.refetch()} />}
    />
  )
}
