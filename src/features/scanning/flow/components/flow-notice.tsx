import { Text } from '@mantine/core'

/** What the last scan or action did, in words: every scan-first screen shows it the same way. */
export interface FlowNoticeValue {
  tone: 'success' | 'warning' | 'error'
  text: string
}

const color = { success: 'green.9', warning: 'orange.9', error: 'red.8' } as const

/** An error is an alert (read out at once by a screen reader); anything else a status. */
export function FlowNotice({ notice }: { notice: FlowNoticeValue | null | undefined }) {
  if (!notice) return null
  return (
    <Text
      fw={600}
      c={color[notice.tone]}
      role={notice.tone === 'error' ? 'alert' : 'status'}
      data-testid="notice"
    >
      {notice.text}
    </Text>
  )
}
