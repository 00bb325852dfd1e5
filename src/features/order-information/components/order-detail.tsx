import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { OrderDetailParcel } from '@contract'
import type { PrintRequest } from '@/features/printing'
import { ApiError } from '@/lib/http'
import { orderDetailQuery, orderFilesQuery } from '../api.ts'
import { fileDocument, isExpired, type CustomizationFile } from '../model.ts'
import { orderInformationText as text } from '../text.ts'
import { GiftMessage, OrderBatches, OrderReturns } from './batches-returns.tsx'
import { CustomizationFiles } from './customization-files.tsx'
import { DetailHeader } from './detail-header.tsx'
import { HoldPanel } from './hold-panel.tsx'
import { OrderLines } from './order-lines.tsx'
import { OrderParcels } from './order-parcels.tsx'
import { OrderTimeline } from './order-timeline.tsx'

const t = text.detail
/** Wide enough for the lines' eight columns beside the navigation; narrower, one card per line. */
const WIDE_QUERY = '(min-width: 62em)'

export interface OrderDetailScreenProps {
  order: string
  /** The search it was opened from, so 'back' shows the same list. */
  q?: string
  /** The station's print (usePrint): labels to the label printer, PDFs to the A4 one. */
  print: (request: PrintRequest) => Promise<void>
}

function BackToSearch({ q }: { q?: string }) {
  return (
    <Button
      h={48}
      variant="light"
      renderRoot={(props) => <Link to="/warehouse/order-information" search={q ? { q } : {}} {...props} />}
    >
      {t.backToSearch}
    </Button>
  )
}

/** /warehouse/order-information/$order: everything known of one order, handheld first. */
export function OrderDetailScreen({ order, q, print }: OrderDetailScreenProps) {
  const queryClient = useQueryClient()
  const query = useQuery(orderDetailQuery(order))
  const wide = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false }) ?? true

  // A failed refresh keeps the order on screen; only a first load that failed says so.
  if (!query.data && !query.isError) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>{t.loading(order)}</Text>
      </Group>
    )
  }
  if (!query.data) {
    const notFound = query.error instanceof ApiError && query.error.status === 404
    return (
      <Stack gap="sm" align="flex-start" maw={560}>
        <Alert color={notFound ? 'orange' : 'red'} role="alert" p="xs" w="100%">
          {notFound ? t.notFound(order) : query.error?.message}
        </Alert>
        <Group gap="xs">
          {notFound ? null : (
            <Button h={48} variant="default" loading={query.isFetching} onClick={() => void query.refetch()}>
              {text.retry}
            </Button>
          )}
          <BackToSearch q={q} />
        </Group>
      </Stack>
    )
  }
  const detail = query.data

  // A label's link is short-lived: one that has run out is replaced by a fresh detail's.
  const reprint = async (parcel: OrderDetailParcel) => {
    let label = parcel.label
    if (label && isExpired(label, Date.now())) {
      const fresh = await queryClient.fetchQuery({ ...orderDetailQuery(order), staleTime: 0 })
      label = fresh.parcels.find((p) => p.seq === parcel.seq)?.label ?? null
    }
    if (!label) throw new Error(t.labelGone)
    await print({ document: label, use: 'label' })
  }

  // The files' links carry no expiry: fresh ones are asked for right before printing.
  const printFile = async (file: CustomizationFile) => {
    const files = await queryClient.fetchQuery(orderFilesQuery(order))
    const fresh = files.find((f) => f.name === file.name)
    if (!fresh) throw new Error(t.fileGone(file.name))
    await print({ document: fileDocument(fresh, new Date()), use: 'a4' })
  }

  return (
    <Stack gap="sm">
      <DetailHeader order={detail.order} />
      <HoldPanel detail={detail} />
      <GiftMessage message={detail.order.giftMessage} />
      <OrderLines lines={detail.lines} status={detail.order.status} wide={wide} />
      <OrderParcels parcels={detail.parcels} onReprint={reprint} />
      <CustomizationFiles files={detail.customizationFiles} onPrint={printFile} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <OrderTimeline timeline={detail.timeline} />
        <Stack gap="sm">
          <OrderBatches batches={detail.batches} />
          <OrderReturns returns={detail.returns} />
        </Stack>
      </SimpleGrid>
      <div>
        <BackToSearch q={q} />
      </div>
    </Stack>
  )
}
