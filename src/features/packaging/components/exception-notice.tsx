import { Alert, Button, Stack, Text } from '@mantine/core'
import { text as t } from '../text.ts'

/**
 * An order set aside in exception (the Expédition screen's 'Mettre de côté'): it is labelled by no
 * one until someone takes it up here; 'Reprendre' puts it back to packed, then labelling and
 * 'Saisir un numéro' work as for any packed order.
 */
export function ExceptionNotice({
  busy,
  disabled,
  onResume,
}: {
  busy: boolean
  disabled: boolean
  onResume: () => void
}) {
  return (
    <Alert color="orange" title={t.exceptionTitle} data-testid="order-exception">
      <Stack gap="xs">
        <Text size="sm">{t.exceptionHint}</Text>
        <Button h={48} loading={busy} disabled={disabled} onClick={onResume}>
          {t.resume}
        </Button>
      </Stack>
    </Alert>
  )
}
