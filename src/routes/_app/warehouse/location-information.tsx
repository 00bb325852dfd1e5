import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard } from '@/features/access'
import { locationInformation } from '@contract'
import { z } from 'zod/mini'
import { LocationInformation } from '@/features/stock-info'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/location-information')({
  validateSearch: z.object({ name: z.optional(z.string()) }),
  component: () => (
    <RoleGuard roles={locationInformation.roles}>
      <LocationInformationRoute />
    </RoleGuard>
  ),
})

function LocationInformationRoute() {
  const { name } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <>
      <PageHeader title="Information emplacement" />
      <LocationInformation
        name={name}
        onNameChange={(next) => void navigate({ search: { name: next }, replace: true })}
      />
    </>
  )
}
