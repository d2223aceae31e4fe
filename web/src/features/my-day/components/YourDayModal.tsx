import {
  Alert,
  Button,
  Chip,
  Fieldset,
  Group,
  Loader,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import { CLOCK_TIME } from "@spankbank/shared/calendar";
import type { MyDayBody, MyDayReply, QuietHours } from "@spankbank/shared/contract/myDay";
import type { Weekday } from "@spankbank/shared/eachOthersDay";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { isChangedSince } from "@/lib/api";
import { toast } from "@/lib/toast";
import { myDayQueryOptions, useMyDay } from "../api/getMyDay";
import { useSaveMyDay } from "../api/putMyDay";

/** Monday first, as a week is read; the values are the contract's. */
const DAYS: { value: Weekday; label: string }[] = [
  { value: "mon", label: "Mon" },
  { value: "tue", label: "Tue" },
  { value: "wed", label: "Wed" },
  { value: "thu", label: "Thu" },
  { value: "fri", label: "Fri" },
  { value: "sat", label: "Sat" },
  { value: "sun", label: "Sun" },
];
const WEEKDAYS_ONLY: Weekday[] = ["mon", "tue", "wed", "thu", "fri"];

interface Fields {
  sleepFrom: string;
  sleepTo: string;
  hasWork: boolean;
  workFrom: string;
  workTo: string;
  workDays: Weekday[];
  quietHours: QuietHours;
}
type ClockKey = "sleepFrom" | "sleepTo" | "workFrom" | "workTo";
type Errors = Partial<Record<ClockKey | "workDays", string>>;

/** The section legends read as the radio group's label does. */
const SECTION = { legend: { fontSize: "var(--mantine-font-size-sm)", fontWeight: 600, marginBottom: 4 } };

function fieldsOf(day: MyDayReply): Fields {
  return {
    sleepFrom: day.sleep.from,
    sleepTo: day.sleep.to,
    hasWork: day.work !== null,
    workFrom: day.work?.from ?? "09:00",
    workTo: day.work?.to ?? "17:00",
    workDays: day.work?.days ?? WEEKDAYS_ONLY,
    quietHours: day.quietHours,
  };
}

/** What the form refuses before sending, in the words of its labels (the server checks it all again). */
function errorsOf(fields: Fields): Errors {
  const time = (value: string, label: string) => (CLOCK_TIME.test(value) ? undefined : `Enter ${label} as HH:MM`);
  const errors: Errors = {
    sleepFrom: time(fields.sleepFrom, "your bedtime"),
    sleepTo:
      time(fields.sleepTo, "when you wake up") ??
      (fields.sleepTo === fields.sleepFrom ? "Wake-up time must differ from bedtime" : undefined),
  };
  if (fields.hasWork) {
    errors.workFrom = time(fields.workFrom, "when work starts");
    errors.workTo =
      time(fields.workTo, "when work ends") ??
      (fields.workTo === fields.workFrom ? "Work must end at another time than it starts" : undefined);
    errors.workDays = fields.workDays.length === 0 ? "Pick at least one work day" : undefined;
  }
  return errors;
}

function bodyOf(fields: Fields): MyDayBody {
  return {
    sleep: { from: fields.sleepFrom, to: fields.sleepTo },
    work: fields.hasWork
      ? {
          from: fields.workFrom,
          to: fields.workTo,
          days: DAYS.map((day) => day.value).filter((day) => fields.workDays.includes(day)),
        }
      : null,
    quietHours: fields.quietHours,
  };
}

/**
 * "Your day" (issue 22): the signed-in partner's sleep window, work hours and quiet hours, on
 * their own clock. The partner's dashboard clocks, `/when` and the bot's quiet hours read them.
 */
export function YourDayModal({
  opened,
  onClose,
  timeZone,
  partner,
}: {
  opened: boolean;
  onClose: () => void;
  timeZone: string;
  partner: string;
}) {
  const day = useMyDay(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Your day"
      centered
      radius="lg"
      size="lg"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {/* The form starts from the day as loaded when it opens (the modal unmounts it when closed). */}
      {day.data ? (
        <YourDayForm day={day.data} timeZone={timeZone} partner={partner} onDone={onClose} />
      ) : day.isError ? (
        <Alert color="red" title="Your day could not be loaded">
          {day.error.message}
        </Alert>
      ) : (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading your day" />
        </Group>
      )}
    </Modal>
  );
}

function YourDayForm({
  day,
  timeZone,
  partner,
  onDone,
}: {
  day: MyDayReply;
  timeZone: string;
  partner: string;
  onDone: () => void;
}) {
  const [fields, setFields] = useState<Fields>(() => fieldsOf(day));
  const [shownDay, setShownDay] = useState(day);
  // The version of the day the form's values start from: a day saved since elsewhere is not overwritten.
  const [basedOn, setBasedOn] = useState(day.updated_at);
  // Read again with another device's change: a form not touched takes it, what was typed here stays.
  if (shownDay !== day) {
    setShownDay(day);
    if (JSON.stringify(fields) === JSON.stringify(fieldsOf(shownDay))) {
      setFields(fieldsOf(day));
      setBasedOn(day.updated_at);
    }
  }
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveMyDay();
  const queryClient = useQueryClient();
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));
  /** A time of day of the form: a native time input (the browser's own picker, HH:MM). */
  const clockField = (key: ClockKey, label: string, props: { "data-autofocus"?: boolean } = {}) => (
    <TextInput
      type="time"
      label={label}
      value={fields[key]}
      onChange={(event) => set(key, event.currentTarget.value)}
      error={errors[key]}
      required
      {...props}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = errorsOf(fields);
    setErrors(refused);
    if (Object.values(refused).some((error) => error !== undefined)) return;
    save.mutate(
      { ...bodyOf(fields), based_on: basedOn },
      {
        onSuccess: () => {
          toast.success("Your day is saved.");
          onDone();
        },
        onError: (error) => {
          toast.error(`Your day was not saved: ${error.message}`);
          // Saved since on another device: the form shows that day now, to redo the change on.
          if (isChangedSince(error)) {
            // Not read (offline): the form stays as it was, and closing and opening it reads the day again.
            void queryClient.fetchQuery({ ...myDayQueryOptions, staleTime: 0 }).then(
              (newer) => {
                setFields(fieldsOf(newer));
                setBasedOn(newer.updated_at);
              },
              () => undefined,
            );
          }
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {`Times are on your clock (${timeZone}). ${partner}'s dashboard and the Discord bot use them to say whether you are probably asleep, at work or free.`}
        </Text>
        <Fieldset legend="Sleep" variant="unstyled" styles={SECTION}>
          <SimpleGrid cols={2} spacing="sm">
            {clockField("sleepFrom", "Bedtime", { "data-autofocus": true })}
            {clockField("sleepTo", "Wake-up")}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Work" variant="unstyled" styles={SECTION}>
          <Stack gap="sm">
            <Switch
              label="I have work hours"
              checked={fields.hasWork}
              onChange={(event) => set("hasWork", event.currentTarget.checked)}
            />
            {fields.hasWork && (
              <>
                <SimpleGrid cols={2} spacing="sm">
                  {clockField("workFrom", "Work starts")}
                  {clockField("workTo", "Work ends")}
                </SimpleGrid>
                <Fieldset
                  legend="Work days"
                  variant="unstyled"
                  styles={{ legend: { fontSize: "var(--mantine-font-size-sm)", fontWeight: 500, marginBottom: 6 } }}
                >
                  <Chip.Group multiple value={fields.workDays} onChange={(days) => set("workDays", days as Weekday[])}>
                    <Group gap={6}>
                      {DAYS.map((weekday) => (
                        <Chip key={weekday.value} value={weekday.value} size="sm">
                          {weekday.label}
                        </Chip>
                      ))}
                    </Group>
                  </Chip.Group>
                  {errors.workDays && (
                    <Text c="red" size="sm" mt={6} role="alert">
                      {errors.workDays}
                    </Text>
                  )}
                </Fieldset>
              </>
            )}
          </Stack>
        </Fieldset>
        <Radio.Group
          label="While you sleep"
          description="How the bot's announcements reach you between bedtime and wake-up."
          value={fields.quietHours}
          onChange={(value) => set("quietHours", value as QuietHours)}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="silent" label="Post silently" description="They arrive without a notification." />
            <Radio
              value="digest"
              label="Morning digest"
              description="They wait, and come as one message when you wake up."
            />
          </Stack>
        </Radio.Group>
        {save.isError && (
          <Alert color="red" title="Not saved">
            {save.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
