import { SegmentedControl, Stack, Text, useMantineColorScheme } from "@mantine/core";
import { COLOR_SCHEMES, type ColorSchemeSetting } from "@spankbank/shared/limits";
import { toast } from "@/lib/toast";
import { useSaveColorScheme } from "../api/putColorScheme";

const LABELS: Record<ColorSchemeSetting, string> = { auto: "Auto", light: "Light", dark: "Dark" };
const CHOICES = COLOR_SCHEMES.map((value) => ({ value, label: LABELS[value] }));

/** The menu's colours: Auto follows the device; the pick is this partner's, on every device they use. */
export function ColorSchemeControl() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const save = useSaveColorScheme();
  const pick = (value: string) => {
    const chosen = value as ColorSchemeSetting;
    setColorScheme(chosen);
    save.mutate({ colorScheme: chosen }, { onError: (error) => toast.error(`Colours not saved: ${error.message}`) });
  };
  return (
    <Stack gap={4} px="sm">
      <Text id="colours-label" size="sm" fw={600}>
        Colours
      </Text>
      <SegmentedControl
        aria-labelledby="colours-label"
        data={CHOICES}
        value={colorScheme}
        onChange={pick}
        fullWidth
        size="sm"
      />
    </Stack>
  );
}
