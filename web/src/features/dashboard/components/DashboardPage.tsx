import { Button, Group, SimpleGrid, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { SessionReply } from "@spankbank/shared/contract/auth";
import type { ReactNode } from "react";
import { Page } from "@/components/Page";
import { partnerOf } from "@/lib/partner";
import { CityClocks } from "./CityClocks";
import { ComingUp } from "./ComingUp";
import { QuoteCard } from "./QuoteCard";

/** A dialog the dashboard opens: the page holds whether it is open. */
type Dialog = (opened: boolean, onClose: () => void) => ReactNode;

/**
 * The dashboard's layout. The other features' parts come in as slots, composed by the route
 * (a feature imports no other feature's internals): `notices` above everything, `comingUp`
 * side by side, `cards` in the grid after the clocks and the quote.
 */
export function DashboardPage({
  signedIn,
  partners,
  notices,
  comingUp,
  cards,
  workout,
  yourDay,
}: {
  signedIn: SessionReply;
  /** The couple as the session query has it now: saving "Your day" refreshes the clocks. */
  partners: SessionReply["couple"]["partners"];
  notices: ReactNode;
  comingUp: ReactNode;
  cards: ReactNode;
  workout: Dialog;
  yourDay: Dialog;
}) {
  const [workoutOpen, workoutDialog] = useDisclosure(false);
  const [yourDayOpen, yourDayDialog] = useDisclosure(false);
  return (
    <Page title={`Hello, ${signedIn.user.displayName}`} documentTitle="Dashboard">
      {notices}
      <Group justify="space-between" align="center" mb="lg" gap="md">
        <Text size="lg">{`Everything you and ${partnerOf(signedIn).displayName} share, all in one place.`}</Text>
        <Button size="md" onClick={workoutDialog.open}>
          Log Workout
        </Button>
      </Group>
      <ComingUp>{comingUp}</ComingUp>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <CityClocks partners={partners} me={signedIn.user.username} onEditMyDay={yourDayDialog.open} />
        <QuoteCard />
        {cards}
      </SimpleGrid>
      {workout(workoutOpen, workoutDialog.close)}
      {yourDay(yourDayOpen, yourDayDialog.close)}
    </Page>
  );
}
