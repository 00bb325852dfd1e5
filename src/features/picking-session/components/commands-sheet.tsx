import { Button, Text } from '@mantine/core'
import { IconPrinter } from '@tabler/icons-react'
import type { PrintDocument } from '@contract'
import { showToast } from '@/lib/ui/toast'
import { useCommandsSheet } from '../api.ts'
import { text as t } from '../text.ts'

/**
 * 'Imprimer la feuille des codes': the command barcodes (Passer, Manquant, Clôturer) on the A4
 * printer, not orders, hence not 'feuille de commandes' (`withHint`: says what they are for); the
 * focus goes back to the scan field after.
 */
export function CommandsSheetButton({
  onPrint,
  onDone,
  withHint = false,
}: {
  onPrint: (document: PrintDocument) => Promise<void>
  onDone: () => void
  withHint?: boolean
}) {
  const sheet = useCommandsSheet()
  const printCommands = async () => {
    try {
      await onPrint(await sheet.mutateAsync())
      showToast({ color: 'green', message: t.printed })
    } catch (error) {
      showToast({ color: 'red', message: error instanceof Error ? error.message : String(error) })
    }
    onDone()
  }
  const button = (
    <Button
      h={48}
      variant="default"
      leftSection={<IconPrinter size={18} />}
      loading={sheet.isPending}
      onClick={() => void printCommands()}
    >
      {t.printCommands}
    </Button>
  )
  if (!withHint) return button
  return (
    <>
      {button}
      <Text size="sm" c="dimmed">
        {t.printCommandsHint}
      </Text>
    </>
  )
}
