import { Button, SimpleGrid } from '@mantine/core'

/** A button's label on two lines rather than cut, on a 360 px screen ('Remise en stock'). */
export const WRAP = { label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.1 } } as const

interface ChoiceProps<T extends string> {
  /** The group's name for a screen reader ('État : Lampe de chevet'). */
  label: string
  options: readonly T[]
  labels: Record<T, string>
  value: T
  disabled: boolean
  onPick: (value: T) => void
}

/** One choice among a few as large buttons (condition, disposition): one tap, a gloved thumb. */
export function Choice<T extends string>({
  label,
  options,
  labels,
  value,
  disabled,
  onPick,
}: ChoiceProps<T>) {
  return (
    <div role="group" aria-label={label}>
      <SimpleGrid cols={options.length} spacing={4}>
        {options.map((option) => (
          <Button
            key={option}
            h={48}
            px={4}
            size="sm"
            variant={value === option ? 'filled' : 'default'}
            aria-pressed={value === option}
            disabled={disabled}
            onClick={() => onPick(option)}
            styles={WRAP}
          >
            {labels[option]}
          </Button>
        ))}
      </SimpleGrid>
    </div>
  )
}
