import { Button, Group, Modal, NativeSelect, NumberInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import {
  DEFAULT_DISTANCE_UNIT,
  DISTANCE_UNITS,
  WORKOUT_CALORIES_MAX,
  WORKOUT_DISTANCE_MAX,
  WORKOUT_DURATION_MAX,
  WORKOUT_DURATION_MIN,
  WORKOUT_NAME_MAX,
} from "@spankbank/shared/limits";
import { type FormEvent, useState } from "react";
import { toast } from "@/lib/toast";
import { useWorkoutReward } from "../api/getWorkoutReward";
import { useLogWorkout } from "../api/logWorkout";

type Unit = (typeof DISTANCE_UNITS)[number];
const UNIT_LABELS: Record<Unit, string> = { km: "Kilometers (km)", miles: "Miles (miles)" };

interface Fields {
  name: string;
  duration: number | string;
  distance: number | string;
  distanceUnit: Unit;
  calories: number | string;
}
/** Why a number is refused: missing when required, or outside the server's range (never clamped). */
function numberError(value: number | string, label: string, min: number, max: number, required: boolean) {
  if (typeof value !== "number") return required ? `${label} is required` : undefined;
  return value < min || value > max ? `${label} must be from ${min} to ${max}` : undefined;
}

/** "Each workout earns 5 spanks, up to 3 a day (2 left today)." */
function rewardLine(reward: { reward: number; rewards_per_day: number; rewarded_today: number }): string {
  const left = Math.max(0, reward.rewards_per_day - reward.rewarded_today);
  const earns = `Each workout earns ${reward.reward} ${reward.reward === 1 ? "spank" : "spanks"}, up to ${reward.rewards_per_day} a day`;
  return left === 0 ? `${earns}: today's are all earned.` : `${earns} (${left} left today).`;
}

const EMPTY: Fields = { name: "", duration: "", distance: "", distanceUnit: DEFAULT_DISTANCE_UNIT, calories: "" };

/** The workout modal (SPEC: Workout modal, section 4): it closes after sending, whatever the answer. */
export function WorkoutModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const logWorkout = useLogWorkout();
  const reward = useWorkoutReward(opened);
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));

  const close = () => {
    setFields(EMPTY);
    setErrors({});
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = {
      name: fields.name.trim() === "" ? "Name is required" : undefined,
      duration: numberError(fields.duration, "Duration", WORKOUT_DURATION_MIN, WORKOUT_DURATION_MAX, true),
      distance: numberError(fields.distance, "Distance", 0, WORKOUT_DISTANCE_MAX, false),
      calories: numberError(fields.calories, "Calories burned", 0, WORKOUT_CALORIES_MAX, true),
    };
    setErrors(refused);
    if (Object.values(refused).some((error) => error !== undefined)) return;
    logWorkout.mutate(
      {
        name: fields.name.trim(),
        duration: Number(fields.duration),
        distance: typeof fields.distance === "number" ? fields.distance : null,
        distanceUnit: fields.distanceUnit,
        calories: Number(fields.calories),
      },
      {
        onSuccess: () => toast.success("Workout logged successfully!"),
        onError: () => toast.error("Failed to log workout. Please try again."),
        onSettled: close,
      },
    );
  };

  const sending = logWorkout.isPending;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Log Workout"
      centered
      radius="lg"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {reward.data && (
            <Text size="sm" c="dimmed">
              {rewardLine(reward.data)}
            </Text>
          )}
          <TextInput
            label="Workout name"
            required
            maxLength={WORKOUT_NAME_MAX}
            value={fields.name}
            onChange={(event) => set("name", event.currentTarget.value)}
            error={errors.name}
            data-autofocus
          />
          <NumberInput
            label="Duration (minutes)"
            required
            min={WORKOUT_DURATION_MIN}
            max={WORKOUT_DURATION_MAX}
            clampBehavior="none"
            description={`${WORKOUT_DURATION_MIN} to ${WORKOUT_DURATION_MAX} minutes`}
            allowDecimal={false}
            value={fields.duration}
            onChange={(value) => set("duration", value)}
            error={errors.duration}
          />
          {/* Side by side from 576 px: at 360 px the unit's "Miles (miles)" was cut short. */}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <NumberInput
              label="Distance"
              min={0}
              max={WORKOUT_DISTANCE_MAX}
              clampBehavior="none"
              decimalScale={2}
              value={fields.distance}
              onChange={(value) => set("distance", value)}
              error={errors.distance}
            />
            <NativeSelect
              label="Distance unit"
              value={fields.distanceUnit}
              onChange={(event) => set("distanceUnit", event.currentTarget.value as Unit)}
              data={DISTANCE_UNITS.map((unit) => ({ value: unit, label: UNIT_LABELS[unit] }))}
            />
          </SimpleGrid>
          <NumberInput
            label="Calories burned"
            required
            min={0}
            max={WORKOUT_CALORIES_MAX}
            clampBehavior="none"
            allowDecimal={false}
            value={fields.calories}
            onChange={(value) => set("calories", value)}
            error={errors.calories}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={sending}>
              {sending ? "Submitting..." : "Submit"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
