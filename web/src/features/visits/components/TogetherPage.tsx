import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { shortDate } from "@spankbank/shared/calendar";
import type { Visit, VisitsReply } from "@spankbank/shared/contract/visits";
import { daysApartText, togetherNowText } from "@spankbank/shared/visits";
import { useState } from "react";
import { ConfirmModal } from "@/components/ConfirmModal";
import { Pager } from "@/components/Pager";
import { buttonNamed, firstControl, returnFocus } from "@/lib/returnFocus";
import { useCancelVisit } from "../api/cancelVisit";
import { useVisits } from "../api/getVisits";
import { datesOf } from "../visitDates";
import classes from "./together.module.css";
import { VisitFormModal, type VisitFormMode } from "./VisitFormModal";

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/** "Until we're together": the countdown, the favours waiting for the visit and the log of visits. */
export function TogetherPage({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const visits = useVisits(page);
  const [form, setForm] = useState<VisitFormMode | undefined>();
  const [cancelling, setCancelling] = useState<Visit | undefined>();
  const data = visits.data;
  // Once read, the page stays when a later read fails (a restart, a dropped connection): an open
  // form, and what was typed into it, with it.
  if (data === undefined) {
    if (visits.isError) return <Text role="alert">Could not load your visits. Please try again later.</Text>;
    return <Text>Loading...</Text>;
  }
  const names = new Map(data.countdowns.map((c) => [c.username, c.display_name]));
  const today = data.countdowns[0]!.today;
  return (
    <Stack gap="xl">
      <Countdown data={data} onPlan={() => setForm({ kind: "plan" })} onChange={setForm} onCancel={setCancelling} />
      <InPerson data={data} names={names} />
      <VisitLog data={data} onPage={onPage} onAdd={() => setForm({ kind: "past" })} onRemove={setCancelling} />
      <VisitFormModal
        mode={form}
        latest={form?.kind === "change" ? visitNow(data, form.visit.id) : undefined}
        today={today}
        onClose={() => setForm(undefined)}
      />
      <CancelVisitModal visit={cancelling} today={today} onClose={() => setCancelling(undefined)} />
    </Stack>
  );
}

/** The visit as the page last read it: what a change made since the form opened looks like now. */
const visitNow = (data: VisitsReply, id: number) =>
  [data.current, data.next, ...data.past.visits].find((visit) => visit?.id === id) ?? undefined;

function Countdown({
  data,
  onPlan,
  onChange,
  onCancel,
}: {
  data: VisitsReply;
  onPlan: () => void;
  onChange: (mode: VisitFormMode) => void;
  onCancel: (visit: Visit) => void;
}) {
  const [mine] = data.countdowns;
  const { current, next } = data;
  return (
    <Card withBorder radius="lg" padding="xl" className={classes.hero}>
      {current && mine?.together ? (
        <Stack gap="xs" align="center">
          <Text className={classes.bigNumber}>💞</Text>
          <Text fz="xl" fw={700} ta="center">
            {togetherNowText(current.start_date, current.end_date, mine.today)}
          </Text>
          {/* Together now, the next visit can still be planned, moved or called off (as with /visit). */}
          {next ? (
            <>
              <Text ta="center" mt="sm">{`Next: ${datesOf(next, mine.today)}`}</Text>
              <NextVisitActions visit={next} onChange={onChange} onCancel={onCancel} />
            </>
          ) : (
            <Button variant="light" onClick={onPlan} mt="sm">
              Plan our next visit
            </Button>
          )}
        </Stack>
      ) : next && mine?.days_until != null ? (
        <Stack gap="xs" align="center">
          <Text className={classes.bigNumber} data-testid="days-until">
            {mine.days_until}
          </Text>
          <Text fz="xl" fw={700} ta="center">
            {mine.days_until === 1 ? "day until we're together" : "days until we're together"}
          </Text>
          <Text ta="center" fz="lg">
            {datesOf(next, mine.today)}
          </Text>
          {next.note && (
            <Text ta="center" fs="italic" style={{ overflowWrap: "anywhere" }}>
              {next.note}
            </Text>
          )}
          <Group gap="lg" justify="center" mt="sm">
            {data.countdowns.map((c) => (
              <Text key={c.username} size="sm" ta="center">
                <Text span fw={700}>
                  {c.city}
                </Text>
                {`: ${shortDate(c.today)} today, ${days(c.days_until ?? 0)} to go`}
              </Text>
            ))}
          </Group>
          <NextVisitActions visit={next} onChange={onChange} onCancel={onCancel} mt="md" />
        </Stack>
      ) : (
        <Stack gap="sm" align="center">
          <Text fz="xl" fw={700} ta="center">
            No visit planned yet
          </Text>
          <Text ta="center">Pick the dates and the countdown starts here, and in Discord.</Text>
          <Button onClick={onPlan} mt="sm">
            Plan our next visit
          </Button>
        </Stack>
      )}
      {mine?.days_apart != null && mine.last_end_date && (
        <Text ta="center" mt="lg" size="sm">
          {daysApartText(mine.days_apart, mine.last_end_date, mine.today)}
        </Text>
      )}
    </Card>
  );
}

/** Change dates and Cancel visit, for the next visit planned. */
function NextVisitActions({
  visit,
  onChange,
  onCancel,
  mt,
}: {
  visit: Visit;
  onChange: (mode: VisitFormMode) => void;
  onCancel: (visit: Visit) => void;
  mt?: "md";
}) {
  return (
    <Group gap="sm" mt={mt} justify="center">
      <Button variant="light" onClick={() => onChange({ kind: "change", visit })}>
        Change dates
      </Button>
      <Button variant="subtle" color="red" onClick={() => onCancel(visit)}>
        Cancel visit
      </Button>
    </Group>
  );
}

function InPerson({ data, names }: { data: VisitsReply; names: Map<string, string> }) {
  return (
    <section aria-labelledby="in-person-heading">
      <Title order={2} id="in-person-heading" mb="sm">
        Waiting for the visit
      </Title>
      {data.in_person.length === 0 ? (
        <Text>No in-person favours waiting. Mark a favour "In person" in the Spank Bank and it shows here.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {data.in_person.map((favour) => (
            <Card key={favour.id} withBorder radius="md" padding="md">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Title order={3} fz="lg" style={{ overflowWrap: "anywhere" }}>
                  {favour.name}
                </Title>
                {favour.quantity > 1 && <Badge color="rose.9">×{favour.quantity}</Badge>}
              </Group>
              <Text size="sm" mt={4} style={{ overflowWrap: "anywhere" }}>
                {favour.description}
              </Text>
              <Text size="sm" mt="xs" c="rose">
                {`For ${names.get(favour.owner) ?? favour.owner}, from ${names.get(favour.seller) ?? favour.seller}`}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}

function VisitLog({
  data,
  onPage,
  onAdd,
  onRemove,
}: {
  data: VisitsReply;
  onPage: (page: number) => void;
  onAdd: () => void;
  onRemove: (visit: Visit) => void;
}) {
  const today = data.countdowns[0]!.today;
  return (
    <section aria-labelledby="log-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} id="log-heading">
          Our visits
        </Title>
        <Button variant="light" onClick={onAdd}>
          Add a past visit
        </Button>
      </Group>
      {data.past.total === 0 ? (
        <Text>No visits logged yet.</Text>
      ) : (
        <Stack gap="sm">
          {data.past.visits.map((visit) => (
            <Card key={visit.id} withBorder radius="md" padding="md">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Text fw={700}>{datesOf(visit, today)}</Text>
                  {visit.days_apart_before !== null && (
                    <Text size="sm">{`after ${days(visit.days_apart_before)} apart`}</Text>
                  )}
                  {visit.note && (
                    <Text size="sm" fs="italic" style={{ overflowWrap: "anywhere" }}>
                      {visit.note}
                    </Text>
                  )}
                </div>
                <Button
                  variant="default"
                  size="xs"
                  style={{ flexShrink: 0 }}
                  onClick={() => onRemove(visit)}
                  aria-label={`Remove the visit, ${datesOf(visit, today)}`}
                >
                  Remove
                </Button>
              </Group>
            </Card>
          ))}
          {data.past.page_count > 1 && <Pager total={data.past.page_count} value={data.past.page} onChange={onPage} />}
        </Stack>
      )}
    </section>
  );
}

function CancelVisitModal({ visit, today, onClose }: { visit: Visit | undefined; today: string; onClose: () => void }) {
  const cancel = useCancelVisit();
  return (
    <ConfirmModal
      opened={visit !== undefined}
      title="Remove this visit?"
      closeLabel="Close without removing"
      keepLabel="Keep it"
      confirmLabel="Yes, remove"
      pending={cancel.isPending}
      onConfirm={() =>
        visit &&
        cancel.mutate(
          { id: visit.id, basedOn: visit.updated_at },
          {
            onSettled: onClose,
            // Its Remove (or Cancel visit) went with it: the keyboard goes on from the page's next control.
            onSuccess: () =>
              returnFocus(
                () =>
                  firstControl(['button[aria-label^="Remove the visit"]']) ??
                  buttonNamed("Plan our next visit") ??
                  buttonNamed("Add a past visit"),
              ),
          },
        )
      }
      onClose={onClose}
    >
      {visit ? `${datesOf(visit, today)} will be removed for both of you.` : ""}
    </ConfirmModal>
  );
}
