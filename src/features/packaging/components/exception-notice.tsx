import { Button, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { OrderHold } from '@contract'
import { OrderHoldNotice } from '@/lib/ui/order-hold-notice'
import { text as t } from '../text.ts'

/**
 * An order in exception, with its true reason (issue 31). Set aside at packing (the Expédition
 * screen's 'Mettre de côté', a carrier's refusal): it is labelled by no one until someone takes it
 * up here; 'Reprendre' puts it back to packed, then labelling and 'Saisir un numéro' work as for
 * any packed order. A short pick is not taken up here: a supervisor decides in 'Information
 * commande' (ship without the missing units, wait for stock, cancel), linked from here.
 */
export function ExceptionNotice({
  order,
  hold,
  busy,
  disabled,
  onResume,
}: {
  order: string
  hold: OrderHold | null | undefined
  busy: boolean
  disabled: boolean
  onResume: () => void
}) {
  if (hold?.kind === 'short_pick')
    return (
      <OrderHoldNotice hold={hold} title={t.shortTitle} testId="order-exception">
        <Text size="sm">{t.shortHint}</Text>
        <div>
          <Button
            h={48}
            variant="light"
            renderRoot={(props) => (
              <Link to="/warehouse/order-information/$order" params={{ order }} {...props} />
            )}
          >
            {t.shortOpen}
          </Button>
        </div>
      </OrderHoldNotice>
    )
  return (
    <OrderHoldNotice hold={hold} title={t.exceptionTitle} testId="order-exception">
      <Text size="sm">{t.exceptionHint}</Text>
      <Button h={48} loading={busy} disabled={disabled} onClick={onResume}>
        {t.resume}
      </Button>
    </OrderHoldNotice>
  )
}
