/**
 * The carrier's services to ask a label with after a refusal ('Colis', 'Expédition'): one select
 * both screens share, shown only when there is another service to choose, so a screen that says
 * « un autre service » always has the control it names (issue 31).
 */
import '@mantine/core/styles/Combobox.css' // NativeSelect's chevron
import { NativeSelect } from '@mantine/core'

export interface ServiceOption {
  code: string
  name: string
}

/** Whether a refusal's card can offer another service. */
export const offersOtherService = (services: readonly ServiceOption[]) => services.length > 1

export function CarrierServiceSelect({
  services,
  value,
  label,
  disabled,
  onChange,
}: {
  services: readonly ServiceOption[]
  /** The service chosen; null: the carrier's first. */
  value: string | null
  label: string
  disabled?: boolean
  onChange: (code: string) => void
}) {
  if (!offersOtherService(services)) return null
  return (
    <NativeSelect
      label={label}
      size="md"
      disabled={disabled}
      value={value ?? services[0]?.code ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={services.map((s) => ({ value: s.code, label: s.name }))}
    />
  )
}
