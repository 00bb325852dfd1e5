import { createFileRoute } from '@tanstack/react-router'
import { PrintHistoryScreen } from '@/features/print-history/components/print-history-screen'
import { usePrint } from '@/features/printing'
import { printHistoryText } from '@/features/print-history/text'
import { PageHeader } from '@/lib/ui/page-header'

/** Print history (linked from the account drawer): any signed-in user; a reprint goes to this workstation. */
export const Route = createFileRoute('/_app/print-history')({
  component: PrintHistoryRoute,
})

function PrintHistoryRoute() {
  const print = usePrint()
  return (
    <>
      <PageHeader title={printHistoryText.title} subtitle={printHistoryText.subtitle} />
      <PrintHistoryScreen
        // Every document printed so far is a label; the link expires after ~10 min (the agent then
        // reports the failed download, shown by the screen).
        onReprint={(entry) =>
          print({
            document: { title: entry.name, url: entry.link, format: entry.format ?? 'pdf', expiresAt: '' },
            use: 'label',
            pickingType: entry.type || undefined,
          })
        }
      />
    </>
  )
}
