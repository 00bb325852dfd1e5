import { createFileRoute } from '@tanstack/react-router'
import { PrintHistoryScreen } from '@/features/print-history/components/print-history-screen'
import { reprintEntry } from '@/features/print-history/reprint'
import { printHistoryText } from '@/features/print-history/text'
import { usePrintReturningPrinter } from '@/features/printing'
import { PageHeader } from '@/lib/ui/page-header'

/** Print history (linked from the account drawer): any signed-in user; a reprint goes to this workstation. */
export const Route = createFileRoute('/_app/print-history')({
  component: PrintHistoryRoute,
})

function PrintHistoryRoute() {
  // The two features meet here: the history's reprint, on this workstation's print.
  const print = usePrintReturningPrinter()
  return (
    <>
      <PageHeader title={printHistoryText.title} subtitle={printHistoryText.subtitle} />
      <PrintHistoryScreen onReprint={(entry) => reprintEntry(entry, print)} />
    </>
  )
}
