import '@mantine/core/styles/NumberInput.css'
import { ActionIcon, Button, Group, NumberInput, Text } from '@mantine/core'
import { IconMinus, IconPlus } from '@tabler/icons-react'
import { useLayoutEffect, useRef, useState } from 'react'
import { quantityProblem } from '../quantity.ts'
import { flowText as t } from '../text.ts'

export interface QuantityStepperProps {
  /** The product's name, for the buttons' labels. */
  name: string
  quantity: number
  min?: number
  /** The most allowed (what a location holds, the contract's ceiling). */
  max: number
  disabled?: boolean
  onChange: (quantity: number) => void
  /** After a tap: the focus goes back to the scan field. */
  onTapped?: () => void
}

/** −, the quantity (tap to type it), +: 48 px targets for a gloved thumb. */
export function QuantityStepper({
  name,
  quantity,
  min = 1,
  max,
  disabled,
  onChange,
  onTapped,
}: QuantityStepperProps) {
  const [typing, setTyping] = useState<number | string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const editing = typing !== null
  // The field just opened by a tap takes the focus, its value selected to be typed over. In the
  // commit itself: the scan field, which lost the focus to the tap, takes it back when it sees the
  // focus on nothing, and must not see that in between.
  // focus() before select(): Chrome's select() also focuses, but nothing says it must (jsdom's does
  // not), and a field left unfocused here was taken by the scan field's timer, which closed it.
  useLayoutEffect(() => {
    if (!editing) return
    input.current?.focus()
    input.current?.select()
  }, [editing])
  const problem = typing === null ? null : quantityProblem(typing, min, max)
  const step = (next: number) => {
    onChange(next)
    onTapped?.()
  }
  const commit = () => {
    if (typing === null || problem) return
    onChange(typing as number)
    setTyping(null)
    onTapped?.()
  }
  return (
    <div>
      <Group gap={6} wrap="nowrap">
        <ActionIcon
          size={48}
          variant="default"
          aria-label={t.decrease(name)}
          disabled={disabled || quantity <= min}
          onClick={() => step(quantity - 1)}
        >
          <IconMinus size={20} />
        </ActionIcon>
        {typing !== null ? (
          <NumberInput
            aria-label={t.quantityOf(name)}
            value={typing}
            onChange={setTyping}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            clampBehavior="none"
            error={problem !== null}
            ref={input}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                commit()
              } else if (event.key === 'Escape') {
                setTyping(null)
                onTapped?.()
              }
            }}
            onBlur={() => (problem ? undefined : commit())}
            w={80}
            size="lg"
            styles={{ input: { textAlign: 'center' } }}
          />
        ) : (
          <Button
            variant="default"
            miw={56}
            h={48}
            px={8}
            aria-label={t.editQuantity(name, quantity)}
            disabled={disabled}
            onClick={() => setTyping(quantity)}
          >
            {quantity}
          </Button>
        )}
        <ActionIcon
          size={48}
          variant="default"
          aria-label={t.increase(name)}
          disabled={disabled || quantity >= max}
          onClick={() => step(quantity + 1)}
        >
          <IconPlus size={20} />
        </ActionIcon>
      </Group>
      {problem ? (
        <Text size="sm" c="red" role="alert" mt={4}>
          {problem}
        </Text>
      ) : null}
    </div>
  )
}
