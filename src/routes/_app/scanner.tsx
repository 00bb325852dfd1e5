import { createFileRoute } from '@tanstack/react-router'
import { ScannerDiagnostics } from '@/features/scanning'
import { messages } from '@/lib/messages'
import { PageHeader } from '@/lib/ui/page-header'

/** Scanner diagnostics (linked from the account drawer): any signed-in user may set up a device. */
export const Route = createFileRoute('/_app/scanner')({
  component: () => (
    <>
      <PageHeader title={messages.scan.diagnosticsTitle} subtitle={messages.scan.diagnosticsSubtitle} />
      <ScannerDiagnostics />
    </>
  ),
})
