/** CSS of the lazy drawers and dialog (see src/app/styles.ts): shipped with their chunk. */
import '@mantine/core/styles/ModalBase.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/Drawer.css'
import '@mantine/core/styles/ScrollArea.css'
