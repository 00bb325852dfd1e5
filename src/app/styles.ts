/**
 * Mantine's CSS, per component, for what the first screens (sign-in and the dashboard shell) show.
 * The whole @mantine/core/styles.css is ~35 KB gzip, over the first-screen budget (docs/budgets.md).
 * A lazy screen or panel imports the CSS of any other component it uses next to its code
 * (e.g. `import '@mantine/core/styles/Modal.css'`): Vite then ships that CSS with its chunk.
 */
import '@mantine/core/styles/baseline.css'
import '@mantine/core/styles/default-css-variables.css'
// The theme's own variables, which MantineProvider would otherwise write at every start (theme-variables.test.tsx).
import './theme-variables.css'
import '@mantine/core/styles/global.css'
import '@mantine/core/styles/UnstyledButton.css'
import '@mantine/core/styles/VisuallyHidden.css'
import '@mantine/core/styles/Paper.css'
import '@mantine/core/styles/Group.css'
import '@mantine/core/styles/Stack.css'
import '@mantine/core/styles/Center.css'
import '@mantine/core/styles/SimpleGrid.css'
import '@mantine/core/styles/Text.css'
import '@mantine/core/styles/Title.css'
import '@mantine/core/styles/Loader.css'
import '@mantine/core/styles/Button.css'
import '@mantine/core/styles/ActionIcon.css'
import '@mantine/core/styles/CloseButton.css'
import '@mantine/core/styles/Input.css'
import '@mantine/core/styles/PasswordInput.css'
import '@mantine/core/styles/Alert.css'
import '@mantine/core/styles/Badge.css'
import '@mantine/core/styles/Card.css'
import '@mantine/core/styles/Divider.css'
import '@mantine/core/styles/Avatar.css'
import '@mantine/core/styles/Kbd.css'
import '@mantine/core/styles/NavLink.css'
import '@mantine/core/styles/Notification.css'
import '@mantine/notifications/styles.css'
import './contrast.css'
import './handheld.css'
import './focus.css'
import './motion.css'
