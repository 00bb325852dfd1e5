import { Button, Group, Text } from '@mantine/core'
import type { ReasonsQuery } from '../api.ts'
import type { ReturnLine } from '../model.ts'
import { text as t } from '../text.ts'
import { ReasonSelect } from './reason-select.tsx'

interface LineDestinationProps {
  line: ReturnLine
  /** Its location is the one the scan field asks for now. */
  asking: boolean
  scrapReasons: ReasonsQuery
  disabled: boolean
  onAskLocation: () => void
  onReason: (id: number) => void
}

/** Where a line's items go: the restock location (scanned), RETOURS, or the scrap reason. */
export function LineDestination({
  line,
  asking,
  scrapReasons,
  disabled,
  onAskLocation,
  onReason,
}: LineDestinationProps) {
  if (line.inOrder === false)
    return (
      <Text size="sm" c="orange.9">
        {t.outOfOrderNote}
      </Text>
    )
  if (line.disposition === 'quarantine') return <Text size="sm">{t.quarantine}</Text>
  if (line.disposition === 'scrap')
    return (
      <ReasonSelect
        label={t.scrapReason}
        reasons={scrapReasons}
        value={line.rebutReason}
        loading={t.scrapReasonsLoading}
        failed={t.scrapReasonsError}
        disabled={disabled}
        onPick={(id) => (id === null ? undefined : onReason(id))}
      />
    )
  if (line.location === null)
    return asking ? (
      <Text size="sm" c="dimmed">
        {t.locationMissing}
      </Text>
    ) : (
      <Button h={48} fullWidth variant="light" disabled={disabled} onClick={onAskLocation}>
        {t.scanLocation}
      </Button>
    )
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {(line.locationVerified ? t.location : t.locationUnverified)(line.location)}
      </Text>
      {asking ? null : (
        <Button
          h={48}
          variant="default"
          disabled={disabled}
          onClick={onAskLocation}
          aria-label={t.changeLocation(line.name)}
        >
          {t.change}
        </Button>
      )}
    </Group>
  )
}
