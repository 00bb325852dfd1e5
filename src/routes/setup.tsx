import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { SetupScreen } from '@/features/setup'

/** A new site's first administrator (issue 16); the screen's code loads with this route only. */
export const Route = createFileRoute('/setup')({
  component: SetupRoute,
})

function SetupRoute() {
  const navigate = useNavigate()
  return <SetupScreen onCreated={() => void navigate({ to: '/admin', replace: true })} />
}
