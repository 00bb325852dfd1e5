import { Alert, Button, Stack } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { setupText } from '../text.ts'

/** The site has its users: the first administrator is made, sign in instead. */
export function AlreadySetUp({ message = setupText.alreadySetUp }: { message?: string }) {
  return (
    <Stack gap="md">
      <Alert color="blue" role="status">
        {message}
      </Alert>
      <Button component={Link} to="/login">
        {setupText.toLogin}
      </Button>
    </Stack>
  )
}
