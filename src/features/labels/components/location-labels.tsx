import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core'
import { IconPrinter } from '@tabler/icons-react'
import { useState } from 'react'
import { ScanField, type ScanHandler } from '@/features/scanning'
import { ApiError } from '@/lib/http'
import { messages } from '@/lib/messages'
import { showToast } from '@/lib/ui/toast'
import { useFindLocations, useLocationLabels, type LabelFormat, type PrintHandler } from '../api.ts'
import { labelsText } from '../text.ts'

const t = labelsText
/** Enough to check the scan against what will be printed, not a wall of names on a handheld. */
const PREVIEW = 30

const errorText = (error: unknown) =>
  error instanceof Error ? error.message : messages.errors.unexpectedAnswer

/**
 * /warehouse/print-location: scan or type a location name or the start of one, check the matching
 * locations, print their labels on this workstation's label printer.
 */
export function LocationLabels({ onPrint, format }: { onPrint: PrintHandler; format?: LabelFormat }) {
  const find = useFindLocations()
  const labels = useLocationLabels(format)
  const [prefix, setPrefix] = useState<string | null>(null)
  const [fieldError, setFieldError] = useState<string>()
  const [printError, setPrintError] = useState<string>()
  const [printing, setPrinting] = useState(false)
  const found = find.data

  const onScan: ScanHandler = async (scan) => {
    setFieldError(undefined)
    setPrintError(undefined)
    try {
      const answer = await find.mutateAsync(scan.text)
      setPrefix(scan.text)
      if (answer.total === 0) {
        setFieldError(t.noLocation(scan.text))
        return 'error'
      }
      return 'success'
    } catch (error) {
      setFieldError(error instanceof ApiError ? error.message : errorText(error))
      return 'error'
    }
  }

  const print = async () => {
    if (!found?.locations.length) return
    setPrintError(undefined)
    setPrinting(true)
    try {
      const document = await labels.mutateAsync(found.locations.map((l) => l.name))
      await onPrint(document)
      showToast({ color: 'green', message: t.sent(found.locations.length) })
    } catch (error) {
      setPrintError(errorText(error))
    } finally {
      setPrinting(false)
    }
  }

  return (
    <Stack gap="md" maw={720}>
      <ScanField
        label={t.locationField}
        placeholder={t.locationPlaceholder}
        onScan={onScan}
        error={fieldError}
      />
      {found && found.total > 0 ? (
        <Card withBorder>
          <Group justify="space-between" mb="xs" wrap="wrap">
            <Text fw={600}>
              {t.matching(found.total)} <span style={{ whiteSpace: 'nowrap' }}>« {prefix} »</span>
            </Text>
            <Button
              leftSection={<IconPrinter size={18} />}
              onClick={() => void print()}
              loading={printing}
              size="md"
              h={48}
            >
              {t.printCount(found.locations.length)}
            </Button>
          </Group>
          <Group gap={6}>
            {found.locations.slice(0, PREVIEW).map((l) => (
              <Badge key={l.name} variant="light" color="gray" size="lg" tt="none">
                {l.name}
              </Badge>
            ))}
            {found.locations.length > PREVIEW ? (
              <Text c="dimmed">{t.andMore(found.locations.length - PREVIEW)}</Text>
            ) : null}
          </Group>
          {found.total > found.locations.length ? (
            <Text c="orange" size="sm" mt="xs">
              {t.capped(found.locations.length)}
            </Text>
          ) : null}
        </Card>
      ) : null}
      {printError ? (
        <Alert color="red" role="alert">
          {printError}
        </Alert>
      ) : null}
    </Stack>
  )
}
