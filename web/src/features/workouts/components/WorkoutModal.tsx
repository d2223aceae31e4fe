import { Button, Group, Modal, NativeSelect, NumberInput, Stack, TextInput } from "@mantine/core";
import {
  DEFAULT_DISTANCE_UNIT,
  DISTANCE_UNITS,
  WORKOUT_CALORIES_MAX,
  WORKOUT_DISTANCE_MAX,
  WORKOUT_DURATION_MAX,
  WORKOUT_NAME_MAX,
} from "@spankbank/shared/limits";
import { type FormEvent, useState } from "react";
import { toast } from "@/lib/toast";
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
const EMPTY: Fields = { name: "", duration: "", distance: "", distanceUnit: DEFAULT_DISTANCE_UNIT, calories: "" };

/** The workout modal (SPEC: Workout modal, section 4): it closes after sending, whatever the answer. */
export function WorkoutModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const logWorkout = useLogWorkout();
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));

  const close = () => {
    setFields(EMPTY);
    setErrors({});
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      name: fields.name.trim() === "" ? "Name is required" : undefined,
      duration: typeof fields.duration !== "number" ? "Duration is required" : undefined,
      calories: typeof fields.calories !== "number" ? "Calories burned is required" : undefined,
    };
    setErrors(missing);
    if (missing.name || missing.duration || missing.calories) return;
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
            min={1}
            max={WORKOUT_DURATION_MAX}
            allowDecimal={false}
            value={fields.duration}
            onChange={(value) => set("duration", value)}
            error={errors.duration}
          />
          <Group grow align="flex-start">
            <NumberInput
              label="Distance"
              min={0}
              max={WORKOUT_DISTANCE_MAX}
              decimalScale={2}
              value={fields.distance}
              onChange={(value) => set("distance", value)}
            />
            <NativeSelect
              label="Distance unit"
              value={fields.distanceUnit}
              onChange={(event) => set("distanceUnit", event.currentTarget.value as Unit)}
              data={DISTANCE_UNITS.map((unit) => ({ value: unit, label: UNIT_LABELS[unit] }))}
            />
          </Group>
          <NumberInput
            label="Calories burned"
            required
            min={0}
            max={WORKOUT_CALORIES_MAX}
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
