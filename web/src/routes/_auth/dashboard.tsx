import { Button, Group, SimpleGrid, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";
import { backupHealthQueryOptions } from "@/features/backups/api/getBackupHealth";
import { BackupAlert } from "@/features/backups/components/BackupAlert";
import { quoteOfTheDayQueryOptions } from "@/features/dashboard/api/getQuoteOfTheDay";
import { CityClocks } from "@/features/dashboard/components/CityClocks";
import { ComingUp } from "@/features/dashboard/components/ComingUp";
import { QuoteCard } from "@/features/dashboard/components/QuoteCard";
import { laterLettersQueryOptions } from "@/features/later-letters/api/getLaterLetters";
import { LetterWaitingNotice } from "@/features/later-letters/components/LetterWaitingNotice";
import { latestMemoryQueryOptions } from "@/features/memories/api/getLatestMemory";
import { onThisDayQueryOptions } from "@/features/memories/api/getOnThisDay";
import { MemoryCard } from "@/features/memories/components/MemoryCard";
import { OnThisDayCard } from "@/features/memories/components/OnThisDayCard";
import { YourDayModal } from "@/features/my-day/components/YourDayModal";
import { latestQuestionQueryOptions } from "@/features/questions/api/getLatestQuestion";
import { QuestionCard } from "@/features/questions/components/QuestionCard";
import { sealedText } from "@/features/questions/slots";
import { useSession } from "@/features/session/useSession";
import { ExpiryToasts } from "@/features/spank-bank/components/ExpiryToasts";
import { visitsQueryOptions } from "@/features/visits/api/getVisits";
import { NextVisitNotice } from "@/features/visits/components/NextVisitNotice";
import { WorkoutModal } from "@/features/workouts/components/WorkoutModal";
import { whenSettled } from "@/lib/loaders";
import { partnerOf } from "@/lib/partner";

export const Route = createFileRoute("/_auth/dashboard")({
  // Each card's read; a card that fails logs it and stops its 'Loading...' itself (SPEC section 8).
  loader: ({ context: { queryClient } }) =>
    whenSettled(
      queryClient.ensureQueryData(quoteOfTheDayQueryOptions),
      queryClient.ensureQueryData(latestMemoryQueryOptions),
      queryClient.ensureQueryData(latestQuestionQueryOptions),
      queryClient.ensureQueryData(onThisDayQueryOptions),
      queryClient.ensureQueryData(backupHealthQueryOptions),
      queryClient.ensureQueryData(visitsQueryOptions(1)),
      queryClient.ensureQueryData(laterLettersQueryOptions(1)),
    ),
  pendingComponent: DashboardRoute,
  component: DashboardRoute,
});

function DashboardRoute() {
  const { signedIn } = Route.useRouteContext();
  const [workoutOpen, workout] = useDisclosure(false);
  const [yourDayOpen, yourDay] = useDisclosure(false);
  // The session query, not the route's snapshot: saving "Your day" refreshes it, and the clocks with it.
  const { partners } = (useSession().current ?? signedIn).couple;
  const partnerByResponseName = (username: string) =>
    partners.find((p) => p.responseName.toLowerCase() === username.toLowerCase()) ?? partnerOf(signedIn);
  return (
    <Page title={`Hello, ${signedIn.user.displayName}`} documentTitle="Dashboard">
      <BackupAlert />
      <ExpiryToasts me={signedIn.user.username} />
      <Group justify="space-between" align="center" mb="lg" gap="md">
        <Text size="lg">{`Everything you and ${partnerOf(signedIn).displayName} share, all in one place.`}</Text>
        <Button size="md" onClick={workout.open}>
          Log Workout
        </Button>
      </Group>
      <ComingUp>
        <NextVisitNotice />
        <LetterWaitingNotice partnerName={partnerOf(signedIn).displayName} />
      </ComingUp>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <CityClocks partners={partners} me={signedIn.user.username} onEditMyDay={yourDay.open} />
        <QuoteCard />
        <MemoryCard />
        <QuestionCard partners={partners} />
        <OnThisDayCard sealedText={(username) => sealedText(partnerByResponseName(username))} />
      </SimpleGrid>
      <WorkoutModal opened={workoutOpen} onClose={workout.close} />
      <YourDayModal
        opened={yourDayOpen}
        onClose={yourDay.close}
        timeZone={signedIn.user.timeZone}
        partner={partnerOf(signedIn).displayName}
      />
    </Page>
  );
}
