import { createFileRoute } from '@tanstack/react-router'
import { Transfer } from '@/features/transfer'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/transfer')({
  component: TransferRoute,
})

function TransferRoute() {
  return (
    <>
      <PageHeader title="Transfert / Rangement" />
      <Transfer />
    </>
  )
}
