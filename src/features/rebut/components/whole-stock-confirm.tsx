import '@mantine/core/styles/ModalBase.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Modal.css'
import { Button, Group, Modal, Text } from '@mantine/core'
import { text as t } from '../text.ts'

interface WholeStockConfirmProps {
  /** The question, or null when none is asked. */
  question: string | null
  busy: boolean
  onConfirm: () => void
  onBack: () => void
}

/**
 * The second, explicit step before scrapping all a location holds of a product: a scrap cannot be
 * undone. 'Retour' has the focus, so a stray Enter never confirms.
 */
export function WholeStockConfirm({ question, busy, onConfirm, onBack }: WholeStockConfirmProps) {
  return (
    <Modal opened={question !== null} onClose={onBack} title={t.confirmTitle} centered>
      <Text>{question}</Text>
      <Group justify="flex-end" mt="md" gap="xs">
        <Button variant="default" h={48} onClick={onBack} data-autofocus>
          {t.back}
        </Button>
        <Button color="red" h={48} loading={busy} onClick={onConfirm}>
          {t.confirm}
        </Button>
      </Group>
    </Modal>
  )
}
