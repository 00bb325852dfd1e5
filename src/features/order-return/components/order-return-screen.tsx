import '@mantine/core/styles/SegmentedControl.css'
import { SegmentedControl, Stack } from '@mantine/core'
import { useState } from 'react'
import type { OrderReturnOptions } from '../use-order-return.ts'
import { waitingText as t } from '../text.ts'
import { OrderReturn } from './order-return.tsx'
import { WaitingReturns } from './waiting-returns.tsx'

type Tab = 'receive' | 'waiting'

/**
 * /warehouse/order-return: receive a parcel, or decide on the returns waiting (parked without
 * order, items 'hors commande'). One of the two at a time: each takes the scans its own way.
 */
export function OrderReturnScreen(options: OrderReturnOptions) {
  const [tab, setTab] = useState<Tab>('receive')
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t.tabs}
        fullWidth
        value={tab}
        onChange={(value) => setTab(value as Tab)}
        data={[
          { value: 'receive', label: t.tabReceive },
          { value: 'waiting', label: t.tabWaiting },
        ]}
      />
      {tab === 'receive' ? <OrderReturn {...options} /> : <WaitingReturns />}
    </Stack>
  )
}
