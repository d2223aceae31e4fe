/**
 * The rest of Mantine's styles, in the order of @mantine/core/styles.css, loaded with the signed-in
 * area (SignedInOutlet, MenuDrawer) so the first load carries only firstScreenStyles.ts. Only the
 * components the pages use and the parts they are built of (Modal and Drawer: ModalBase, Overlay,
 * ScrollArea; Checkbox, Radio, Switch: InlineInput, CheckboxIndicator, RadioIndicator; NavLink:
 * Accordion's chevron): every rule loaded is one more that each style recalculation on a phone
 * goes through.
 * mantineStyles.test.ts names a component the pages start using whose stylesheet is missing.
 */
import "@mantine/core/styles/ScrollArea.css";
import "@mantine/core/styles/Overlay.css";
import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Flex.css";
import "@mantine/core/styles/Accordion.css";
import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/CheckboxIndicator.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Blockquote.css";
import "@mantine/core/styles/Chip.css";
import "@mantine/core/styles/Code.css";
import "@mantine/core/styles/Drawer.css";
import "@mantine/core/styles/Fieldset.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/NavLink.css";
import "@mantine/core/styles/NumberInput.css";
import "@mantine/core/styles/Pagination.css";
import "@mantine/core/styles/RadioIndicator.css";
import "@mantine/core/styles/Radio.css";
import "@mantine/core/styles/SegmentedControl.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Switch.css";
import "@mantine/core/styles/Tabs.css";
