import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard } from '@/features/access'
import { locationInformation } from '@contract'
import { LocationInformation } from '@/features/stock-info'
import { PageHeader } from '@/lib/ui/page-header'
import { isString, optionalSearch } from '@/lib/ui/search-params'

export const Route = createFileRoute('/_app/warehouse/location-information')({
  validateSearch: optionalSearch({ name: isString }),
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
