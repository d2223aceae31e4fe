import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import {
  DEFAULT_DISTANCE_UNIT,
  DISTANCE_UNITS,
  WORKOUT_CALORIES_MAX,
  WORKOUT_DISTANCE_MAX,
  WORKOUT_DURATION_MAX,
  WORKOUT_DURATION_MIN,
  WORKOUT_NAME_MAX,
} from "@spankbank/shared/limits";
import { spanks } from "@spankbank/shared/spanks";
import { type FormEvent, useState } from "react";
import { newWrite, wroteNothing } from "@/lib/api";
import { type NumberRule, numberInputMode, readNumber } from "@/lib/numberField";
import { useSingleFlight } from "@/lib/useSingleFlight";
import { closeIfWrittenAlready } from "@/lib/writtenAlready";
import { useWorkoutReward } from "../api/getWorkoutReward";
import { useLogWorkout } from "../api/logWorkout";

type Unit = (typeof DISTANCE_UNITS)[number];
const UNIT_LABELS: Record<Unit, string> = { km: "Kilometers (km)", miles: "Miles (miles)" };

/** Numbers as typed: the one number rule reads them on Submit (never clamped, never a digit dropped). */
interface Fields {
  name: string;
  duration: string;
  distance: string;
  distanceUnit: Unit;
  calories: string;
}

const DURATION: NumberRule = {
  label: "Duration",
  min: WORKOUT_DURATION_MIN,
  max: WORKOUT_DURATION_MAX,
  whole: true,
  of: "of minutes",
  empty: "required",
};
const DISTANCE: NumberRule = { label: "Distance", min: 0, max: WORKOUT_DISTANCE_MAX, whole: false, empty: "optional" };
const CALORIES: NumberRule = {
  label: "Calories burned",
  min: 0,
  max: WORKOUT_CALORIES_MAX,
  whole: true,
  empty: "required",
};

/** "Each workout earns 5 spanks, up to 3 a day (2 left today)." */
function rewardLine(reward: { reward: number; rewards_per_day: number; rewarded_today: number }): string {
  const left = Math.max(0, reward.rewards_per_day - reward.rewarded_today);
  const earns = `Each workout earns ${spanks(reward.reward)}, up to ${reward.rewards_per_day} a day`;
  return left === 0 ? `${earns}: today's are all earned.` : `${earns} (${left} left today).`;
}

/** Each field's refusal, and the workout to send when there is none. */
function readWorkout(fields: Fields) {
  const duration = readNumber(fields.duration, DURATION);
  const distance = readNumber(fields.distance, DISTANCE);
  const calories = readNumber(fields.calories, CALORIES);
  const errors = {
    name: fields.name.trim() === "" ? "Name is required" : undefined,
    duration: duration.error ?? undefined,
    distance: distance.error ?? undefined,
    calories: calories.error ?? undefined,
  };
  if (duration.value === null || calories.value === null || errors.name || distance.error) return { errors };
  const workout = {
    name: fields.name.trim(),
    duration: duration.value,
    distance: distance.value,
    distanceUnit: fields.distanceUnit,
    calories: calories.value,
  };
  return { errors, workout };
}

const EMPTY: Fields = { name: "", duration: "", distance: "", distanceUnit: DEFAULT_DISTANCE_UNIT, calories: "" };

/** The workout modal (SPEC: Workout modal, section 4): it closes after sending, whatever the answer. */
export function WorkoutModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  // After the first Submit the errors follow the fields: a fixed field loses its error as it is typed.
  const [checked, setChecked] = useState(false);
  const errors: Partial<Record<keyof Fields, string>> = checked ? readWorkout(fields).errors : {};
  const logWorkout = useLogWorkout();
  const reward = useWorkoutReward(opened);
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));

  const close = () => {
    setFields(EMPTY);
    setChecked(false);
    onClose();
  };

  // One write until the server answers it: a workout whose answer was lost, logged again with a
  // field corrected (the modal closes on any failure, and is opened and filled in again), is the
  // same workout and the same reward, never a second one. Done or refused, the next workout is a
  // new write; written already, it stays the same write (its key's life, UNANSWERED_WRITE_KEY_MS),
  // as "Please try again" must not log it twice.
  const [write, setWrite] = useState(newWrite);
  const answered = () => setWrite(newWrite());

  const once = useSingleFlight();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const { workout } = readWorkout(fields);
    if (!workout) return;
    once((settled) =>
      logWorkout.mutate(
        { ...workout, write },
        {
          // The toasts are the hook's (useLogWorkout).
          onSuccess: answered,
          onError: (error) => {
            // Written already, the server's plain word says the first try was logged, so it is not logged once more.
            if (!closeIfWrittenAlready(error, close) && wroteNothing(error)) answered();
          },
          onSettled: () => {
            settled();
            close();
          },
        },
      ),
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
          <TextInput
            label="Duration (minutes)"
            required
            inputMode={numberInputMode(DURATION)}
            description={`${WORKOUT_DURATION_MIN} to ${WORKOUT_DURATION_MAX} minutes`}
            value={fields.duration}
            onChange={(event) => set("duration", event.currentTarget.value)}
            error={errors.duration}
          />
          {/* Side by side from 576 px: at 360 px the unit's "Miles (miles)" was cut short. */}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label="Distance"
              inputMode={numberInputMode(DISTANCE)}
              value={fields.distance}
              onChange={(event) => set("distance", event.currentTarget.value)}
              error={errors.distance}
            />
            <NativeSelect
              label="Distance unit"
              value={fields.distanceUnit}
              onChange={(event) => set("distanceUnit", event.currentTarget.value as Unit)}
              data={DISTANCE_UNITS.map((unit) => ({ value: unit, label: UNIT_LABELS[unit] }))}
            />
          </SimpleGrid>
          <TextInput
            label="Calories burned"
            required
            inputMode={numberInputMode(CALORIES)}
            value={fields.calories}
            onChange={(event) => set("calories", event.currentTarget.value)}
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
